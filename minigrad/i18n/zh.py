"""中文：与 minigrad/i18n/en.py 同样的键，译文用教材《2.5 Tensor与Autograd》的术语.

叶子节点、非叶子节点、计算图、梯度、反向传播、前向传播、算子、梯度累加、
雅可比矩阵、向量-雅可比积、计算图的释放、原位操作（in-place）。
代码里的名字（requires_grad、grad_fn、backward() ……）和 torch 的报错原样保留。
"""

MESSAGES: dict[str, str] = {
    # --- minigrad.explain：每个原因一句话（按检查顺序）
    "cause.non_leaf": "非叶子节点，且没有调用 retain_grad()",
    "cause.integer": "整数张量不能 requires_grad",
    "cause.requires_grad_false": "requires_grad 为 False",
    "cause.detach": "被 detach() 从计算图上截断",
    "cause.data": "被 .data 从计算图上截断",
    "cause.no_grad": "在 torch.no_grad() 中创建",
    "cause.not_connected": "与输出不连通",
    "cause.freed": "计算图已被之前的 backward() 释放",
    "cause.inplace": "保存的张量被原位修改（版本计数器）",
    "cause.non_scalar": "对非标量输出调用 backward() 需要传入 gradient 参数",
    "cause.nothing_requires_grad": "输出不需要梯度：没有可求导的东西",
    "cause.not_run_yet": "还没有 backward() 到达这个叶子节点",
    "cause.ok": "一切正常",
    # --- minigrad.explain：解释
    "explain.the_tensor": "该张量",
    "explain.the_output": "输出",
    "explain.output": "output",
    "explain.an_input": "某个输入",
    "explain.a_tensor_requiring_grad": "某个需要梯度的张量",
    "explain.retained_set": "{t}.grad 有值：{t} 调用过 retain_grad()。",
    "explain.but_as_output": "\n\n但作为输出来看：",
    "explain.also_as_output": "\n\n另外，作为输出来看：",
    "explain.and_not_leaf": (
        "\n\n（而且无论如何 {t}.grad 本身都是 None：{t} 不是叶子节点；调用 retain_grad() "
        "才能保留它的梯度。）"
    ),
    "explain.non_leaf": (
        "{t}.grad 是 None，因为 {t} 不是叶子节点：它是由 {fn} 计算得到的。\n"
        "backward() 只把梯度保存在叶子节点里（也就是你用 requires_grad=True 创建的张量）；"
        "中间张量的梯度用完就释放了。\n"
        "解决：在 backward() 之前调用 {t}.retain_grad()，或者去看叶子节点的 .grad。"
    ),
    "explain.retained_holds": (
        "{t} 调用过 retain_grad()，所以 backward() 会填写 {t}.grad（它现在已经有梯度了）。"
    ),
    "explain.retained_waits": (
        "{t} 调用过 retain_grad()，所以 backward() 会填写 {t}.grad；只是还没有 backward() 到达它。"
    ),
    "explain.non_leaf_output": (
        "{t}.grad 是 None，因为 {t} 不是叶子节点：它是由 {fn} 计算得到的。\n"
        "backward() 只把梯度保存在叶子节点里。\n"
        "解决：在 {o}.backward() 之前调用 {t}.retain_grad()。"
    ),
    "explain.integer": (
        "{t} 不需要梯度：它的 dtype 是 {dtype}，只有浮点张量才能有梯度。\n"
        "解决：把它创建成浮点张量，例如 torch.tensor([...], dtype=torch.float32)。"
    ),
    "explain.detach": (
        "{t} 不需要梯度：它被 {b}.detach() 从计算图上截断了。\n"
        "它和 {b} 共享数值，却不共享历史记录，所以梯度不会经过 {t} 流回 {b}。\n"
        "解决：在需要梯度的地方直接使用 {b}。"
    ),
    "explain.no_grad_view": (
        "{t} 不需要梯度：它是在梯度模式关闭时（torch.no_grad() 之中）得到的 {b} 的视图，"
        "所以什么也没有记录。\n"
        "解决：在 no_grad() 代码块之外计算它。"
    ),
    "explain.data": (
        "{t} 不需要梯度：它和需要梯度的 {c} 共享数值，却不共享历史记录：它来自 {c}.data"
        "（或 .numpy() / from_numpy()）。\n"
        "通过它做的修改不会被记录，也没有梯度经过它流回 {c}。\n"
        "解决：直接使用 {c}。"
    ),
    "explain.grad_mode_off": "\n注意：现在梯度模式是关闭的（你正处在 torch.no_grad() 之中）。",
    "explain.requires_grad_false": (
        "{t}.grad 是 None，因为 {t} 不需要梯度（{t}.requires_grad 为 False），也没有 grad_fn。\n"
        "要么创建它时没有写 requires_grad=True（torch.tensor(...) 和 torch.Tensor(...) 的缺省值"
        "都是 False），要么它是在 torch.no_grad() 中计算的，要么它只由不需要梯度的张量算出："
        "autograd 什么也没有记录。\n"
        "解决：用 requires_grad=True 创建它，或者调用 {t}.requires_grad_()。"
    ),
    "explain.cut_copy": (
        "{t}.grad 是 None，因为 {o} 依赖的不是 {t} 本身，而是被 {made} 从计算图上截断的副本："
        "数值相同，没有历史记录，梯度就停在那里。\n"
        "解决：计算 {o} 时直接使用 {t}。"
    ),
    "explain.not_connected": (
        "{t}.grad 是 None，因为 {t} 与 {o} 不连通：没有一条 grad_fn 节点的路径从 {o} 通回 {t}。\n"
        "backward() 只会到达计算 {o} 时用到的叶子节点。也许 {o} 是由另一个张量算出来的"
        "（重新创建的 {t}，或在 torch.no_grad() 中得到的张量）。"
    ),
    "explain.not_connected_no_graph": (
        "{t}.grad 是 None，因为 {t} 与 {o} 不连通：没有一条 grad_fn 节点的路径从 {o} 通回 {t}"
        "（{o} 根本没有计算图）。\n"
        "backward() 只会到达计算 {o} 时用到的叶子节点。也许 {o} 是由另一个张量算出来的"
        "（重新创建的 {t}，或在 torch.no_grad() 中得到的张量）。"
    ),
    "explain.not_run_yet_output": (
        "{t} 与 {o} 是连通的，{o}.backward() 也能正常运行：{t}.grad 是 None，"
        "只是因为那次 backward() 还没有运行。"
    ),
    "explain.ok_output": "{t}.grad 有值；{o}.backward() 会把新的梯度累加上去。",
    "explain.not_run_yet": (
        "{t} 是需要梯度的叶子节点，backward() 会填写 {t}.grad，但还没有 backward() 到达它："
        "要么还没有运行过，要么你调用 backward() 的那个输出并不依赖 {t}。\n"
        "用 explain({t}, output=loss) 检查一下。"
    ),
    "explain.ok_leaf": "{t}.grad 有值：{t} 是需要梯度的叶子节点。",
    "explain.nothing_requires_grad": (
        "{o}.backward() 会失败：{o} 不需要梯度，也没有 grad_fn（RuntimeError: element 0 of "
        "tensors does not require grad and does not have a grad_fn）。\n"
        "它只由不需要梯度的张量算出，或者是在 torch.no_grad() 中计算的，或者来自 "
        "detach()/.data 得到的副本。"
    ),
    "explain.non_scalar": (
        "{o}.backward() 会失败：{o} 有 {n} 个元素（形状 {shape}），而只有标量才能隐式地创建梯度"
        "（RuntimeError: grad can be implicitly created only for scalar outputs）。\n"
        "解决：先把它变成标量（{o}.sum().backward()），或者传入向量-雅可比积中的向量 v："
        "{o}.backward(v)，v 的形状与 {o} 相同。"
    ),
    "explain.freed": (
        "{o}.backward() 会失败：计算图已经被之前的 backward() 释放了。{node} 释放了它保存的值，"
        "梯度无法再算一次。\n"
        "RuntimeError: {message}\n"
        "解决：如果需要第二次反向传播，在第一次 backward() 中传入 retain_graph=True"
        "（梯度会累加），或者重新做一遍前向传播。"
    ),
    "explain.its_own_output": "它自己的输出（{node} 的结果）",
    "explain.changed_by": "（被原位操作修改了，它的 grad_fn 现在是 {fn}）",
    "explain.inplace": (
        "{o}.backward() 会失败：{node} 为反向传播保存了{what}，而它之后被原位修改了："
        "现在是第 {now} 版，保存时是第 {then} 版。\n"
        "RuntimeError: {message}\n"
        "解决：改用非原位的写法（用 y = y + 1 代替 y += 1 或 y.add_(1)），或者修改它的 .clone()。"
    ),
    # --- minigrad.viz.style: the labels' font (it must have this language's characters)
    "style.font": "Noto Sans CJK SC",
    # --- minigrad.viz：图例，节点或边的种类 -> 文字（只列出图中出现的种类）
    "legend.param": "叶子节点（requires_grad）",
    "legend.const": "常量（无梯度）",
    "legend.computed": "计算得到（有 grad_fn）",
    "legend.root": "输出（双线边框）",
    "legend.op": "算子",
    "legend.op_cut": "在 no_grad 下运行的算子",
    "legend.grad_fn": "grad_fn 节点",
    "legend.accumulate": "AccumulateGrad",
    "legend.grad": "反向流动的梯度",
    "legend.cut": "截断：梯度不通过",
    "legend.saved": "为反向传播保存",
    "legend.freed": "反向传播后已释放",
    # --- minigrad.viz：标签与图注
    "viz.na_note": (
        "n/a：backward() 已释放保存的张量，这个梯度无法重算。"
        "请使用 retain_graph=True，或用 viz.record() 记录下来。"
    ),
    "viz.view_forward": "前向传播：计算过程",
    "viz.view_backward": "反向传播：梯度的流动",
    "viz.more_node": "… 还有 {n} 个节点",
    "viz.more_nodes": "… 还有 {n} 个节点",
    "viz.under_no_grad": "在 no_grad 下",
    "viz.view_under_no_grad": "no_grad 下的视图",
    # --- minigrad.viz.steps：一步一步的反向传播
    "steps.running_now": "正在运行",
    "steps.already_ran": "已经运行",
    "steps.not_run_yet": "尚未运行",
    "steps.failed_here": "反向传播在此失败",
    "steps.none_meaning": ".grad 尚未计算（不等于 0）",
    "steps.in": "收到：{values}",
    "steps.grad_has_grad_fn": "梯度带有 grad_fn={fns}",
    "steps.saved_freed": "保存的值已释放",
    "steps.saved_modified": "保存的张量被修改",
    "steps.modified_in_place": "被原位修改",
    "steps.step_running": "第 {index} 步：运行中",
    "steps.error_here": "在此出现 RuntimeError",
    "steps.waiting": "等待中：已收到 {values}",
    "steps.edges_arrived": "{n} 条边已到 {got} 条",
    "steps.not_computed_tooltip": "{name}.grad：尚未计算（None）",
    "steps.not_connected": "不连通",
    # --- minigrad.viz.gallery：教材中的图
    "gallery.linear_forward": "z = w*x + b：正向传播计算图",
    "gallery.linear_backward": "z = w*x + b：梯度反向传播计算图",
    "gallery.linear_both": "z = w*x + b：前向与反向",
    "gallery.quadratic_backward": "y = (x+1)*(x+2)：dy/dx = (x+2) + (x+1) = 7",
    "gallery.second_backward": "z = x*x*y：dz/dx = 2xy = 12",
    "gallery.second_grad_forward": "dz/dx = 2xy，由 create_graph=True 的反向传播建立",
    "gallery.second_grad_backward": "再求一次导：d2z/dx2 = 2y = 6，d2z/dxdy = 2x = 4",
    # --- minigrad.widgets.BackwardStepper
    "stepper.repr": "BackwardStepper：运行了 {nodes} 个节点；第 {step} 步，共 {last} 步",
    "stepper.repr_error": (
        "BackwardStepper：运行了 {nodes} 个节点，然后出现 RuntimeError；第 {step} 步，共 {last} 步"
    ),
    "stepper.play": "播放",
    "stepper.step": "步骤",
    "stepper.previous": "上一步",
    "stepper.next": "下一步",
    "stepper.head": "第 {index} 步（共 {last} 步）：",
    "stepper.none_yet": "尚无",
    "stepper.warning": "警告：",
    # --- 单步演示的说明（minigrad.widgets._replay），每步一句
    "replay.start_one": "开始：输出对它自身的梯度是 1。",
    "replay.start_gradient": "开始：输出对它自身的梯度就是你传入的 `gradient`。",
    "replay.the_start": "起点",
    "replay.stopped": "backward() 在 {where} 处停止，RuntimeError: {error}",
    "replay.the_leaf": "该叶子节点",
    "replay.accumulate": "{node} 把收到的梯度 {grads} 累加到 {name}.grad 中，它现在是 {now}。",
    "replay.node": "{node} 收到 {grads_in}，并把 {grads_out} 传给它的输入。",
    "replay.freed": "它保存的值已被释放（retain_graph=False）。",
    "replay.create_graph": "这些梯度带有 grad_fn（create_graph=True）：它们属于一张新的计算图。",
    # --- minigrad.widgets.GradientSliders
    "sliders.input": "输入",
    "sliders.value": "值",
    "sliders.fixed": "固定（无梯度）",
    "sliders.no_path": "None：没有通向输出的路径",
    "sliders.output": "（输出）",
    "sliders.several_elements": "输出有多个元素：backward 使用了 gradient=ones。",
    # --- minigrad.widgets.JacobianExplorer（可含 HTML）
    "jacobian.row_button": "第 {i} 行（one-hot）",
    "jacobian.ones_button": "全为 1（陷阱）",
    "jacobian.matrix_head": (
        "<b>雅可比矩阵 J</b>（第 i 行：y_i 的梯度；用 one-hot 的 v 和 retain_graph=True 逐行求出）"
    ),
    "jacobian.puts_in": "<b>y.backward(v)</b> 放进 <b>x.grad</b> 的是：",
    "jacobian.one_hot": (
        "v = {v} 是 one-hot 向量：x.grad 就是 J 的<b>第 {i} 行</b>，即只有 {y} 的梯度。"
    ),
    "jacobian.trap": (
        "陷阱：当 v = {v} 时，y.backward(v) 得到的是 vᵀJ，即 J 各行之和（每一列相加：{sums}）。"
        "这只是一个向量，不是雅可比矩阵。要得到 J，请用 one-hot 的 v，一次求一行。"
    ),
    "jacobian.zero": "v = 0：没有梯度流动；x.grad 全为 0。",
    "jacobian.times_row": "{w} × 第 {i} 行",
    "jacobian.weighted": "x.grad = vᵀJ = {terms}：J 各行的加权和。",
}
