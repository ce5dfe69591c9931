# nn.LazyLinear as d2l uses it: uninitialized parameters, the first forward, and
# the layer becoming a Linear.
nn = torch.nn
torch.manual_seed(0)
net = nn.Sequential(nn.LazyLinear(8), nn.ReLU(), nn.LazyLinear(1))
print(net)
print(net[0].weight, type(net[0].weight).__name__, net[0].bias)
print(net[0].in_features)
print(list(net[2].parameters()))
print(net[0].state_dict())
try:
    print(net[0].weight.shape)
except RuntimeError as e:
    print("RuntimeError:", e)
X = torch.rand(2, 4)
print(net(X))
print(net, type(net[0]).__name__, net[0].weight.shape, type(net[0].weight))
print([p.shape for p in net.parameters()])
print(net[0].weight, net[0].bias)
print(net[0]._forward_pre_hooks)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
loss = net(X).sum()
loss.backward()
opt.step()
print(net[2].weight)


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.LazyLinear(16)
        self.out = nn.LazyLinear(3)

    def forward(self, x):
        return self.out(torch.relu(self.hidden(x)))


m = MLP()
print(m(torch.randn(5, 7)).shape, m)
layer = nn.LazyLinear(3, bias=False)
print(layer, layer.bias)
print(layer(torch.ones(2, 2)), layer)
d = nn.LazyLinear(2, dtype=torch.float64)
print(d(torch.ones(1, 3, dtype=torch.float64)).dtype)
