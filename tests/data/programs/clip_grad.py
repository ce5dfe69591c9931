# torch.nn.utils: clip_grad_norm_ (also inf-norm and non-finite), clip_grad_value_,
# parameters_to_vector, in a training loop (norms printed to 3 decimals).
nn = torch.nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))
x = torch.randn(16, 4)
y = torch.randn(16, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(3):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y) * 100
    loss.backward()
    total = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
    print(step, round(loss.item(), 3), round(total.item(), 3), total.dtype)
    print(model[0].weight.grad.norm())
    opt.step()
total = nn.utils.clip_grad_norm_(model.parameters(), 0.5, norm_type=float("inf"))
print(total, model[2].bias.grad)
nn.utils.clip_grad_value_(model.parameters(), clip_value=0.01)
print(model[2].bias.grad, model[0].bias.grad.abs().max())
vec = nn.utils.parameters_to_vector(model.parameters())
print(vec.shape, vec.grad_fn)
nn.utils.vector_to_parameters(torch.zeros_like(vec), model.parameters())
print(model[2].bias)
print(nn.utils.clip_grad_norm_([], 1.0))
p = torch.ones(3, requires_grad=True)
p.grad = torch.tensor([float("inf"), 1.0, 1.0])
try:
    nn.utils.clip_grad_norm_(p, 1.0, error_if_nonfinite=True)
except RuntimeError as e:
    print("RuntimeError:", e)
print(nn.utils.clip_grad_norm_(p, 1.0), p.grad)
print(nn.utils.get_total_norm([torch.ones(3), torch.ones(4) * 2]))
