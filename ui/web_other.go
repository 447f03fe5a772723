//go:build !js

package ui

// startWeb is the web build's start (web_js.go); elsewhere there is no page.
func (u *App) startWeb() {}
