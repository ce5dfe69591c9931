# Anomaly detection, as the in-place error's hint suggests: detect_anomaly,
# set_detect_anomaly (as a call and as a block), NaN checks, the traceback warning.
x = torch.ones(2, requires_grad=True)
with torch.autograd.detect_anomaly():
    p = x * 1
    q = p.sin()
    p.add_(1)
    try:
        q.sum().backward()
    except RuntimeError as e:
        print("RuntimeError:", e)
torch.autograd.set_detect_anomaly(True)
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
n = torch.tensor([0.0, 1.0], requires_grad=True)
m = n.sqrt()
print(sorted(m.grad_fn.metadata))
try:
    (m * 0).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
torch.autograd.set_detect_anomaly(False)
with torch.autograd.set_detect_anomaly(True, check_nan=False):
    print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
    n = torch.tensor([0.0, 1.0], requires_grad=True)
    (n.sqrt() * 0).sum().backward()
    print(n.grad)
print(torch.is_anomaly_enabled())
