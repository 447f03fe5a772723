// Package protocol is what a Tabula client and the Tabula game server say
// to each other: the match messages (by op code), the two RPCs that make
// and find a match by its invitation code, and the codes themselves.
//
// It is pure Go, with no Nakama and no Fyne, so the server plugin, the
// headless client, the app and the tests all share one definition. Every
// message is a small JSON object carrying the protocol version V: a client
// that speaks another version is told so in words, never misread.
//
// The server is the referee: a client sends a move token, the server
// parses, checks and plays it with the game's own rules, and sends every
// seat an Update holding only that seat's view (games.ViewOf) and, when it
// acts, its legal moves. No message to a seat holds what the seat may not
// see: another knight's pick, or a square under fog.
package protocol

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Version is the protocol this build speaks. Raise it when a message
// changes shape; a client of another version is refused in words.
const Version = 1

// MaxClientMessage is the largest message a client may send (Nakama's
// socket.max_message_size_bytes default). Every client message is far
// below it; the server refuses a larger one without reading it.
const MaxClientMessage = 4096

// Op codes of match data. Client to server below 10, server to client 10
// and up.
const (
	OpMove   int64 = 1 // Move: one seat's move token
	OpResign int64 = 2 // Resign: the sending seat gives up

	OpUpdate  int64 = 10 // Update: the position as the receiving seat may see it
	OpRefused int64 = 11 // Refused: the sender's message was not played, and why
	OpFinal   int64 = 12 // Final: the whole record, once the game is over
)

// RPC ids registered by the server plugin.
const (
	RPCCreate = "tabula_create" // CreateRequest -> Invitation
	RPCFind   = "tabula_find"   // FindRequest -> Invitation
)

// MatchModule is the name the match handler is registered under.
const MatchModule = "tabula"

// JoinVersionKey is the key of the join metadata that carries the
// client's protocol version ("1"); a join without it, or with another
// version, is refused with a reason in words.
const JoinVersionKey = "v"

// Move is a seat's move: one turn token in the notation of the game
// (NOTATION.md) for the sending seat only. In a simultaneous game
// (knights) it is that seat's own destination ("c3", or "-" to pass when
// the rules allow it); the server plays the joint turn once every seat
// has picked. In arena it is one action ("move W", "end").
type Move struct {
	V     int    `json:"v"`
	Token string `json:"token"`
	// Ply is the number of plies the client had seen when it sent the
	// move (Update.Ply): a move sent against an older position is refused
	// rather than played somewhere the person did not mean.
	Ply int `json:"ply"`
}

// Resign gives up the game for the sending seat. In a two-seat game the
// other seat wins; with more seats the server's bot plays on in the seat.
type Resign struct {
	V int `json:"v"`
}

// SeatState is one seat as every seat sees it.
type SeatState struct {
	Name      string `json:"name"`
	Bot       string `json:"bot,omitempty"`       // the bot's name for a computer seat
	Character string `json:"character,omitempty"` // arena's character
	Joined    bool   `json:"joined"`              // a person has taken the seat (always true for a bot)
	Connected bool   `json:"connected"`           // that person is connected now
	Picked    bool   `json:"picked,omitempty"`    // simultaneous turn: this seat's pick is in (not what it is)
	Resigned  bool   `json:"resigned,omitempty"`
}

// Update is the game as the receiving seat may see it, sent after every
// change (a move, a join, a drop) to every seat.
type Update struct {
	V     int    `json:"v"`
	Code  string `json:"code"`  // the invitation code
	Game  string `json:"game"`  // game id
	Seat  int    `json:"seat"`  // the receiving seat; -1 for a watcher
	Ply   int    `json:"ply"`   // turn tokens played so far (the length of the whole history)
	Turns int    `json:"turns"` // completed turns (games.TurnCounter), = Ply otherwise
	// Rules are the effective house rules (every key), as in a save.
	Rules map[string]any `json:"rules"`
	Seats []SeatState    `json:"seats"`
	// From and History: the turn tokens from index From on, as this seat
	// may see them (a fogged knights turn reads "c5,?,-"). The first
	// Update after a join starts at 0; later ones carry only what is new,
	// so a long game costs linear bandwidth.
	From    int      `json:"from"`
	History []string `json:"history"`
	// Position is the seat's view (games.ViewOf(state, seat).Position()),
	// in the JSON of NOTATION.md.
	Position json.RawMessage `json:"position"`
	// Masked: the seat's view leaves part of the position out (fog).
	Masked bool  `json:"masked,omitempty"`
	ToMove []int `json:"toMove"`
	// Legal is the receiving seat's legal move tokens now, sorted; empty
	// when it does not act (or its simultaneous pick is already in).
	Legal []string `json:"legal"`
	// Picked is the receiving seat's own pick of a simultaneous turn that
	// waits for the others (empty when none).
	Picked string `json:"picked,omitempty"`
	// Events is what the last turn did as this seat may see it
	// (games.Event, from the seat's view), for the board's animations.
	Events []Event `json:"events,omitempty"`
	// Deadline: the knights timer rule: server ticks until the receiving
	// seat's pick is made for it (0: no clock); TickRate ticks per second.
	Deadline int `json:"deadline,omitempty"`
	TickRate int `json:"tickRate,omitempty"`
	// Seed is the game's seed, in the Update with the whole game (From 0)
	// only, and only when no seat's view of the game hides anything: a
	// device starts its copy of the game from it (checkerboard's coin
	// toss) and follows the history. Absent for a game with hidden
	// squares (knights under fog: the seed places obstacles and start
	// squares out of sight), which a device follows by the seat's view
	// (Position) alone. Added after version 1 shipped: an older client
	// ignores it.
	Seed *int64 `json:"seed,omitempty"`
	// Outcome: "ongoing", "win" or "draw", the winners and the reason in
	// words ("Ana resigned", "three in a row").
	Status  string `json:"status"`
	Winners []int  `json:"winners,omitempty"`
	Reason  string `json:"reason,omitempty"`
	// Hints: the room allows hints (CreateRequest.Hints).
	Hints bool `json:"hints,omitempty"`
}

// Event is a games.Event as sent to a seat.
type Event struct {
	Kind  string `json:"kind"`
	Seat  int    `json:"seat"`
	Piece int    `json:"piece,omitempty"`
	From  string `json:"from,omitempty"`
	To    string `json:"to,omitempty"`
	Delay int    `json:"delay,omitempty"`
	Value int    `json:"value,omitempty"`
	Note  string `json:"note,omitempty"`
}

// Refused tells the sender why its message changed nothing, in a
// player's words ("c3 is not a legal move: the square is taken", "It is
// Ben's turn", "This server speaks a newer version of Tabula: update the
// app to play online").
type Refused struct {
	V     int    `json:"v"`
	Token string `json:"token,omitempty"`
	Error string `json:"error"`
}

// Final is the finished game's whole record (a games.Record as JSON, with
// every hidden pick), sent to every seat only once the game is over.
type Final struct {
	V      int             `json:"v"`
	Record json.RawMessage `json:"record"`
}

// SeatRequest is one seat of a match to create.
type SeatRequest struct {
	// Kind is "person" (someone joins with the code; the creator takes
	// the first person seat unless Mine says otherwise) or "bot".
	Kind string `json:"kind"`
	Name string `json:"name,omitempty"` // a person's name; the server uses the account's name when empty
	Bot  string `json:"bot,omitempty"`  // the bot's name ("hard") for a bot seat
	// Character is arena's character for the seat ("" = the rules' default).
	Character string `json:"character,omitempty"`
}

// CreateRequest is the payload of RPCCreate.
type CreateRequest struct {
	V     int            `json:"v"`
	Game  string         `json:"game"`
	Rules map[string]any `json:"rules,omitempty"` // missing keys take their defaults
	Seats []SeatRequest  `json:"seats"`
	// Mine is the seat the creator takes (-1 or absent: the first person seat).
	Mine *int `json:"mine,omitempty"`
	// Hints: the room lets each person ask their own device for a hint on
	// their turn (off when absent). The server only keeps and tells it;
	// the hint is computed on the device from the seat's own view.
	Hints bool `json:"hints,omitempty"`
}

// FindRequest is the payload of RPCFind.
type FindRequest struct {
	V    int    `json:"v"`
	Code string `json:"code"` // as typed: case and spaces do not matter
}

// Invitation is the answer of both RPCs: the match to join, and for the
// caller the seat it holds (-1 when it holds none yet: it is bound to a
// free person seat when it joins).
type Invitation struct {
	V       int    `json:"v"`
	Code    string `json:"code"`
	MatchID string `json:"matchId"`
	Game    string `json:"game"`
	Seat    int    `json:"seat"`
	// Seats as at the time of the call, so a room can be shown before
	// the join completes.
	Seats []SeatState `json:"seats"`
	// Hints: the room allows hints (CreateRequest.Hints).
	Hints bool `json:"hints,omitempty"`
}

// ErrVersion is the words for a message of another protocol version.
func ErrVersion(got int) error {
	if got > Version {
		return fmt.Errorf("this message comes from a newer version of Tabula (protocol %d, this one speaks %d): update Tabula to play online", got, Version)
	}
	return fmt.Errorf("your version of Tabula is too old for this server (protocol %d, the server speaks %d): update Tabula to play online", got, Version)
}

// Decode reads a client message of at most MaxClientMessage bytes into v
// (a pointer to Move, Resign, ...) and checks its version. The error is
// in words, for a Refused.
func Decode(data []byte, v any) error {
	if len(data) > MaxClientMessage {
		return fmt.Errorf("the message is too long (%d bytes, at most %d)", len(data), MaxClientMessage)
	}
	var head struct {
		V *int `json:"v"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return errors.New("the message is not readable")
	}
	if head.V == nil {
		return errors.New("the message has no protocol version: update Tabula to play online")
	}
	if *head.V != Version {
		return ErrVersion(*head.V)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return errors.New("the message is not readable")
	}
	return nil
}
