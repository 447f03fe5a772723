// Package referee is the whole logic of one online match, with no Nakama
// and no Fyne: a host (the Nakama match handler, or a test) drives it by
// plain method calls from one goroutine and sends what Outbox returns.
//
// The referee parses, checks and plays every move with the game's own
// rules, sends each seat only what that seat may see (games.ViewOf, the
// history masked by games.MaskTurn), plays bot seats with the app's ai
// bots on goroutines of their own, and gives the whole record only once
// the game is over.
package referee

import (
	"errors"

	"github.com/tabulagames/tabula/online/protocol"
)

var errNotYet = errors.New("not yet")

// Config is what a match is made from.
type Config struct {
	Code     string                 // invitation code
	Game     string                 // game id
	Rules    map[string]any         // raw house rules; validated by New
	Seed     int64                  // chosen by the server
	Seats    []protocol.SeatRequest // one per seat of the game
	TickRate int                    // ticks per second of the host loop
}

// Outgoing is one message for the host to send: op code and JSON payload
// to the users listed.
type Outgoing struct {
	UserIDs []string
	Op      int64
	Data    []byte
}

// Referee is one match. It is not safe for concurrent use: the host calls
// it from one goroutine (the match loop); bots hand their moves back
// through a channel that Tick drains.
type Referee struct{}

// New makes a match; the error says in words what is wrong with the game,
// the rules or the seats.
func New(cfg Config) (*Referee, error) { return nil, errNotYet }

// Restore makes a match again from Snapshot's bytes: the same game at the
// same point, the same seat bindings (nobody connected). Bots start
// afresh.
func Restore(snapshot []byte) (*Referee, error) { return nil, errNotYet }

// Claim binds a user to a seat (the creator at create time); seat -1 is
// the first free person seat.
func (r *Referee) Claim(userID, name string, seat int) error { return errNotYet }

// CanJoin answers a join attempt: the protocol version in
// meta[protocol.JoinVersionKey], then a seat for this user (their own
// seat back, or a free person seat), else a reason in words.
func (r *Referee) CanJoin(userID string, meta map[string]string) (seat int, err error) {
	return -1, errNotYet
}

// Join marks a user joined (or rejoined) and connected: it queues a full
// Update (From 0) for that user and a seat-state Update for the others.
func (r *Referee) Join(userID, name string) {}

// Leave marks a user dropped: the seat stays theirs, not connected, and
// the others are told.
func (r *Referee) Leave(userID string) {}

// Handle takes a client message (OpMove or OpResign). Anything bad queues
// a Refused to the sender only and changes nothing.
func (r *Referee) Handle(userID string, op int64, data []byte) {}

// Tick is one tick of the host loop: the knights timer clock runs, bot
// results are collected and played.
func (r *Referee) Tick() {}

// Outbox drains the messages to send.
func (r *Referee) Outbox() []Outgoing { return nil }

// Snapshot is the whole match as JSON for storage: the record with the
// hidden picks, the seat bindings, the code and the tick rate.
func (r *Referee) Snapshot() ([]byte, error) { return nil, errNotYet }

// Changed reports whether something worth storing happened since the
// last Snapshot.
func (r *Referee) Changed() bool { return false }

// Over reports whether the game has ended (by its rules or a resignation).
func (r *Referee) Over() bool { return false }

// Close cancels the bots still thinking.
func (r *Referee) Close() {}

// Invitation is the match as the RPCs answer it to userID: the code, the
// game, that user's seat (-1 if none) and the seats. MatchID is the
// host's to fill in.
func (r *Referee) Invitation(userID string) protocol.Invitation { return protocol.Invitation{} }

// Code is the invitation code.
func (r *Referee) Code() string { return "" }

// Game is the game id.
func (r *Referee) Game() string { return "" }

// TickRate is the host loop's ticks per second.
func (r *Referee) TickRate() int { return 0 }

// Seats is every seat as every seat sees it.
func (r *Referee) Seats() []protocol.SeatState { return nil }
