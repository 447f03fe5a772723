package ui

import (
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
	"github.com/tabulagames/tabula/ui/session"
)

// The board interfaces from before boards drew frames (kit.Drawer and the
// kit tellers): a board not yet moved over still draws the session. This
// file goes when every board draws frames.

type legacyDrawer interface {
	Draw(s *session.Session, animate bool)
}

type legacyTeller interface {
	MoveText(s *session.Session, i int) string
	ResultText(s *session.Session, out games.Outcome) string
}

type legacyHintTeller interface {
	HintText(s *session.Session, h *session.Hint) string
}

type legacyJointTeller interface {
	JointMoveText(s *session.Session, i int, shown int) string
}

type legacyTurnNumberer interface {
	MoveNumber(s *session.Session, i int) int
}

// drawBoard draws the board, from a frame or (a board not moved over
// yet) from the session.
func drawBoard(b kit.Board, s *session.Session, f *frame.Frame, animate bool) {
	switch d := b.(type) {
	case kit.Drawer:
		d.Draw(f, animate)
	case legacyDrawer:
		d.Draw(s, animate)
	}
}

// told reports whether a board tells moves in words.
func told(b kit.Board) bool {
	switch b.(type) {
	case kit.Teller, kit.JointTeller, legacyTeller, legacyJointTeller:
		return true
	}
	return false
}

// tellsResult reports whether a board tells the result in words.
func tellsResult(b kit.Board) bool {
	switch b.(type) {
	case kit.Teller, legacyTeller:
		return true
	}
	return false
}
