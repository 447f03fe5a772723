package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
)

// envelope is Nakama's realtime Envelope (nakama-common rtapi/realtime.proto)
// as its JSON socket writes it: protojson with the proto field names,
// int64 as a string, bytes as standard base64, unset fields left out.
// Only the messages this client sends or reads are here.
type envelope struct {
	Cid                string          `json:"cid,omitempty"`
	Match              *matchInfo      `json:"match,omitempty"`
	MatchData          *matchData      `json:"match_data,omitempty"`
	MatchDataSend      *matchData      `json:"match_data_send,omitempty"`
	MatchJoin          *matchJoin      `json:"match_join,omitempty"`
	MatchLeave         *matchLeave     `json:"match_leave,omitempty"`
	MatchPresenceEvent json.RawMessage `json:"match_presence_event,omitempty"`
	Error              *nakamaError    `json:"error,omitempty"`
	Ping               *struct{}       `json:"ping,omitempty"`
	Pong               *struct{}       `json:"pong,omitempty"`
}

type presence struct {
	UserID    string `json:"user_id,omitempty"`
	SessionID string `json:"session_id,omitempty"`
	Username  string `json:"username,omitempty"`
}

type matchInfo struct {
	MatchID string    `json:"match_id"`
	Self    *presence `json:"self,omitempty"`
}

// matchData is both MatchData (received) and MatchDataSend (sent): the
// fields they share.
type matchData struct {
	MatchID  string    `json:"match_id"`
	Presence *presence `json:"presence,omitempty"`
	OpCode   int64s    `json:"op_code,omitempty"`
	Data     []byte    `json:"data,omitempty"`
	Reliable bool      `json:"reliable,omitempty"`
}

type matchJoin struct {
	MatchID  string            `json:"match_id"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

type matchLeave struct {
	MatchID string `json:"match_id"`
}

// nakamaError is rtapi.Error.
type nakamaError struct {
	Code    int               `json:"code"`
	Message string            `json:"message"`
	Context map[string]string `json:"context,omitempty"`
}

// Nakama's realtime error codes (rtapi.Error.Code).
const (
	errMatchNotFound = 4
	errJoinRejected  = 5
)

// int64s is an int64 that protojson writes as a JSON string; a number is
// read too.
type int64s int64

func (v int64s) MarshalJSON() ([]byte, error) {
	return []byte(`"` + strconv.FormatInt(int64(v), 10) + `"`), nil
}

func (v *int64s) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		return nil
	}
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		b = b[1 : len(b)-1]
	}
	n, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return errors.New("The op code is not a whole number")
	}
	*v = int64s(n)
	return nil
}

var errFrame = errors.New("The server sent a frame Tabula cannot read")

// decodeFrame reads one socket frame.
func decodeFrame(raw []byte) (*envelope, error) {
	var env envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		return nil, errFrame
	}
	return &env, nil
}

// MatchData reads a raw socket frame: when it is match data, its op code
// and payload. Tests use it to look at exactly what bytes a seat got.
func MatchData(frame []byte) (op int64, data []byte, ok bool) {
	env, err := decodeFrame(frame)
	if err != nil || env.MatchData == nil {
		return 0, nil, false
	}
	return int64(env.MatchData.OpCode), env.MatchData.Data, true
}
