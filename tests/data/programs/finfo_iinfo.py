# torch.finfo / torch.iinfo (RL tutorials normalise returns with finfo(float32).eps).
for d in [torch.float32, torch.float64, torch.float16]:
    f = torch.finfo(d)
    print(repr(f))
    print(
        f.bits, f.eps, f.max, f.min, f.tiny, f.smallest_normal, f.resolution, f.dtype, type(f.dtype)
    )
print(torch.finfo())
for d in [torch.int64, torch.int32, torch.uint8, torch.int8, torch.int16]:
    i = torch.iinfo(d)
    print(repr(i), i.bits, i.max, i.min, i.dtype)
try:
    torch.finfo(torch.int64)
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.iinfo(torch.float32)
except Exception as e:
    print(type(e).__name__, e)
eps = torch.finfo(torch.float32).eps
returns = torch.tensor([1.0, 2.0, 3.0])
print((returns - returns.mean()) / (returns.std() + eps))
