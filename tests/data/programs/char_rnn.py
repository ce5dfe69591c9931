# A character-level language model as in the char-RNN tutorials and d2l's RNN
# chapters: one-hot characters, a recurrent layer (RNN, GRU, LSTM in turn),
# a linear decoder, trained 3 steps with a seeded RNG; then a GRUCell/LSTMCell
# loop that carries its state by hand, and greedy sampling.
nn = torch.nn
F = torch.nn.functional
torch.manual_seed(0)

text = "hello world, hello recurrent networks"
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
itos = {i: c for c, i in stoi.items()}
data = torch.tensor([stoi[c] for c in text])
vocab, steps, batch = len(chars), 8, 4
print(vocab, data.shape)


def batches():
    starts = torch.randint(0, len(data) - steps - 1, (batch,))
    x = torch.stack([data[s : s + steps] for s in starts.tolist()])
    y = torch.stack([data[s + 1 : s + steps + 1] for s in starts.tolist()])
    return x, y


class CharModel(nn.Module):
    def __init__(self, kind, hidden=16):
        super().__init__()
        layer = {"rnn": nn.RNN, "gru": nn.GRU, "lstm": nn.LSTM}[kind]
        self.rnn = layer(vocab, hidden, num_layers=2, batch_first=True, dropout=0.1)
        self.decoder = nn.Linear(hidden, vocab)

    def forward(self, x, state=None):
        out, state = self.rnn(F.one_hot(x, vocab).float(), state)
        return self.decoder(out), state


for kind in ["rnn", "gru", "lstm"]:
    model = CharModel(kind)
    print(model)
    print(sum(p.numel() for p in model.parameters()))
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    for step in range(3):
        x, y = batches()
        logits, state = model(x)
        loss = F.cross_entropy(logits.reshape(-1, vocab), y.reshape(-1))
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        print(f"{kind} step {step}: loss {loss.item():.4f}")
    shapes = [tuple(s.shape) for s in state] if kind == "lstm" else tuple(state.shape)
    print(shapes)

# d2l style: a cell, the state carried from step to step by hand
for cell in [
    nn.GRUCell(vocab, 8),
    nn.LSTMCell(vocab, 8),
    nn.RNNCell(vocab, 8, nonlinearity="relu"),
]:
    head = nn.Linear(8, vocab)
    opt = torch.optim.SGD(list(cell.parameters()) + list(head.parameters()), lr=0.5)
    for step in range(3):
        x, y = batches()
        state, loss = None, 0
        for t in range(steps):
            state = cell(F.one_hot(x[:, t], vocab).float(), state)
            h = state[0] if isinstance(state, tuple) else state
            loss = loss + F.cross_entropy(head(h), y[:, t])
        loss = loss / steps
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"{cell} step {step}: loss {loss.item():.4f}")

# greedy sampling from the last model (the LSTM)
model.eval()
with torch.no_grad():
    prefix = torch.tensor([[stoi[c] for c in "hel"]])
    logits, state = model(prefix)
    out = "hel"
    for _ in range(10):
        nxt = logits[0, -1].argmax().item()
        out += itos[nxt]
        logits, state = model(torch.tensor([[nxt]]), state)
print(repr(out))
