//go:build !android && !ios

package settings

// onMobile: on the desktop the XDG folders are used.
const onMobile = false
