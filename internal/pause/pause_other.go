//go:build !js

package pause

// Maybe does nothing off the browser, where the OS schedules threads.
func Maybe() {}

// Check does nothing off the browser.
func Check() {}
