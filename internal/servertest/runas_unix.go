//go:build unix

package servertest

import (
	"os/exec"
	"syscall"
)

// runAs makes cmd run as the user uid, group gid.
func runAs(cmd *exec.Cmd, uid, gid int) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
}
