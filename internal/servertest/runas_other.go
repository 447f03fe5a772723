//go:build !unix

package servertest

import "os/exec"

// runAs does nothing where processes have no Unix user to run as (the
// package then only builds, for `GOOS=js go vet ./ui/...`: no server runs
// there).
func runAs(cmd *exec.Cmd, uid, gid int) {}
