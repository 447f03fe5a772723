//go:build android || ios

package settings

// onMobile: XDG does not apply; the app's storage root holds every file.
const onMobile = true
