# The layers of the CNN and normalisation tutorials in one small program: a
# signal classifier (Conv1d, MaxPool1d, AdaptiveAvgPool1d) and an image
# classifier (ZeroPad2d, Conv2d, BatchNorm2d, Dropout2d, GroupNorm, PReLU,
# AdaptiveAvgPool2d), each trained 3 steps with a seeded RNG, then evaluated.
nn = torch.nn
torch.manual_seed(0)


class SignalNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(2, 4, kernel_size=3, padding="same"),
            nn.BatchNorm1d(4),
            nn.ReLU(),
            nn.MaxPool1d(2),
            nn.Conv1d(4, 6, kernel_size=3, stride=2, padding=1, groups=2),
            nn.SELU(),
            nn.AdaptiveAvgPool1d(1),
        )
        self.classifier = nn.Linear(6, 3)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


class ImageNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.ZeroPad2d(1),
            nn.Conv2d(1, 4, 3),
            nn.BatchNorm2d(4),
            nn.PReLU(4),
            nn.Dropout2d(0.25),
            nn.Conv2d(4, 8, 3, padding=1, bias=False),
            nn.GroupNorm(2, 8),
            nn.Hardswish(),
            nn.AvgPool2d(2),
            nn.AdaptiveAvgPool2d((1, 1)),
        )
        self.classifier = nn.Sequential(nn.Flatten(), nn.Dropout(0.1), nn.Linear(8, 3))

    def forward(self, x):
        return self.classifier(self.features(x))


def train(model, x, y, steps=3):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    loss_fn = nn.CrossEntropyLoss()
    model.train()
    for step in range(steps):
        opt.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4f}")
    model.eval()
    with torch.no_grad():
        out = model(x)
    print("eval accuracy:", (out.argmax(1) == y).float().mean().item())
    return out


signals, labels = torch.randn(8, 2, 16), torch.randint(0, 3, (8,))
net = SignalNet()
print(net)
print([(k, tuple(v.shape)) for k, v in net.state_dict().items()])
out = train(net, signals, labels)
print(out.shape, net.features[1].running_mean, net.features[1].num_batches_tracked)

images, labels = torch.randn(6, 1, 8, 8), torch.randint(0, 3, (6,))
net = ImageNet()
print(net)
print(list(net.state_dict()))
print(sum(p.numel() for p in net.parameters()), "parameters")
out = train(net, images, labels)
bn = net.features[2]
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
print(net.features[3].weight)
print(out.shape, out.grad_fn)
x = images[:2].requires_grad_()
y = net(x)
print(y.grad_fn, y.grad_fn.next_functions[0][0].name())
y.sum().backward()
print(x.grad.shape, x.grad.abs().sum() > 0)
