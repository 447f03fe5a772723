//go:build !js

package settings

// disk is where the files are: the operating system's file system.
var disk fileSystem = osFS{}
