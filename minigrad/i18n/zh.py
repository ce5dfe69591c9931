# ruff: noqa: E501  (a catalogue holds sentences: one per line reads and translates best)
"""中文：与 minigrad/i18n/en.py 同样的键，译文用教材《2.5 Tensor与Autograd》的术语。

叶子节点、非叶子节点、计算图、梯度、反向传播、前向传播、算子、梯度累加、
雅可比矩阵、向量-雅可比积、计算图的释放、原位操作（in-place）。
代码里的名字（requires_grad、grad_fn、backward() ……）和 torch 的报错原样保留。
"""

MESSAGES: dict[str, str] = {
    # --- minigrad.explain：每个原因一句话（按检查顺序）
    "cause.non_leaf": "非叶子节点，且没有调用 retain_grad()",
    "cause.integer": "整数张量不能设置 requires_grad=True",
    "cause.requires_grad_false": "requires_grad 为 False",
    "cause.frozen": "用 requires_grad_(False) 冻结的参数",
    "cause.detach": "被 detach() 从计算图上截断",
    "cause.data": "被 .data 从计算图上截断",
    "cause.no_grad": "在 torch.no_grad() 中创建",
    "cause.not_connected": "与输出不连通",
    "cause.freed": "计算图已被之前的 backward() 释放",
    "cause.inplace": "保存的张量被原位修改（版本计数器）",
    "cause.non_scalar": "对非标量输出调用 backward() 需要传入 gradient 参数",
    "cause.nothing_requires_grad": "输出不需要梯度：没有可求导的东西",
    "cause.not_run_yet": "还没有哪次 backward() 到达过这个叶子节点",
    "cause.ok": "一切正常",
    # --- minigrad.explain：解释
    # 错误解释器（minigrad.error_help，%load_ext minigrad）
    "errhelp.at_line": "在 `{line}` 这一行：",
    "errhelp.the_output": "输出",
    "errhelp.a_tensor": "一个张量",
    "errhelp.some_inplace": "一个原位操作",
    "errhelp.no_forward_line": "（在前向计算之前打开 torch.autograd.set_detect_anomaly(True)，就能看到这一行）",
    "errhelp.freed": "发生了什么：之前已经有一次 backward() 走过这张计算图，并释放了节点保存的张量（{nodes}）。这次反向传播又需要它们。\n怎么改：如果确实需要对同一张图反向传播两次，就在第一次 backward() 时传入 retain_graph=True；否则重新运行一遍前向计算，建一张新图。",
    "errhelp.hidden_state": "发生了什么：{output} 的计算图连到了一张已被之前的 backward() 释放的图（{nodes}）：上一步的某个张量（比如 RNN 的隐藏状态）带着它的历史进入了这一步。\n怎么改：在两步之间把它切断，h = h.detach()，再做下一次前向计算。",
    "errhelp.inplace": "发生了什么：{node} 在 {tensor}（形状为 [{shape}] 的 {what}）版本为 {then} 时把它保存下来供反向传播使用；之后{op}把它改成了版本 {now}，反向传播需要的值已经没有了。\n怎么改：改用非原位的写法（{tensor} = {tensor} + ...，而不是 {tensor}.add_(...)），或者修改它的副本 {tensor}.clone()。",
    "errhelp.non_scalar": "发生了什么：{output} 的形状是 {shape}，不是一个数，所以 backward() 不知道该怎样给各个元素加权。\n怎么改：先把它归约成一个数（{output}.sum().backward() 或 .mean()），或者传入 gradient=，每个元素一个权重（形状为 {shape} 的张量），或者计算整个雅可比矩阵（torch.autograd.functional.jacobian）。",
    "errhelp.no_grad_fn": "发生了什么：{output} 没有 grad_fn，也不需要梯度，所以没有可以往回走的计算图。原因：{why}。\n怎么改：需要梯度的张量必须通过被记录的运算到达它：不在 torch.no_grad() 里，不经过 detach()、.data 或 numpy，使用浮点类型，并且叶子节点设置了 requires_grad=True。",
    "errhelp.leaf_inplace": "发生了什么：这一行原位修改了一个需要梯度的叶子节点。autograd 拒绝这样做：叶子节点是计算图的输入，这个修改不会被记录。\n怎么改：把参数更新放在 `with torch.no_grad():` 里（优化器正是这样做的），或者用非原位的写法算出一个新张量。",
    "errhelp.unused": "发生了什么：autograd.grad 的第 {i} 个输入 {input} 没有被 {output} 的计算图用到：从 {output} 没有路径通回它，所以没有梯度可以返回。\n怎么改：检查 {output} 是否真的由 {input} 算出；如果本来就不该有梯度，传入 allow_unused=True（得到 None）或 materialize_grads=True（得到全零）。",
    "errhelp.shape": "发生了什么：为第 {i} 个输出给出的梯度形状是 [{g}]，而这个输出的形状是 [{out}]。gradient=（在 autograd.grad 里是 grad_outputs=）给输出的每个元素一个权重，所以两个形状必须相同。\n怎么改：传入形状为 [{out}] 的张量，比如 torch.ones_like({output})。",
    "errhelp.nan": "发生了什么：异常检测会检查每个反向函数的结果，{node} 的第 {i} 个输出是 NaN。它的前向代码：{where}\n怎么改：那里的导数是无穷大或没有定义（在 0 处的 sqrt 或 log，除以 0）。光用 torch.where 没有用，因为两个分支都会被求导：先让输入变得安全，就像第 10 课那样。",
    "errhelp.folded_frames": "[已折叠外层帧：{n} 个（Python 与 Jupyter 运行你的代码）；执行 %unload_ext minigrad 即按 torch 的原样显示]",
    "errhelp.op_in_line": "`{line}` 中的 {op}",
    "errhelp.mark.shape": "形状 {shape}：不是单个数",
    "errhelp.mark.shape_vs": "形状 [{out}]，但 gradient= 是 [{g}]",
    "errhelp.mark.no_history": "没有 grad_fn：没有可往回走的历史",
    "errhelp.mark.leaf": "需要梯度的叶子节点：被原位修改",
    "errhelp.hidden_state_carried": "发生了什么：{carried} 从一步带到下一步，也把它的历史一起带了过来：{output} 的计算图经由 {carried} 连到了上一步的计算图，而那张图已被上一步的 backward() 释放（{nodes}）。\n怎么改：在两步之间把它切断，{carried} = {carried}.detach()，再做下一次前向计算（梯度就停在每一步的开头）。",
    "errhelp.mark.carried": "上一步的 {name}：带着它的历史进入了这一步",
    "errhelp.mark.last_step": "上一步的计算图：已被它的 backward() 释放",
    "errhelp.mark.nan": "返回了 NaN",
    "errhelp.mark.non_leaf": "不是叶子节点：它的 .grad 保持为 None",
    "errhelp.cut.no_grad": "`{line}` 在 `{block}` 里运行，那里不记录计算图",
    "errhelp.cut.inference_mode": "`{line}` 在 `{block}` 里运行，那里不记录计算图",
    "errhelp.cut.detach": "`{line}` 调用了 .detach()，它返回的只是数值，不带历史",
    "errhelp.cut.data": "`{line}` 读取了 .data，那只是数值，不带历史",
    "errhelp.cut.numpy": "`{line}` 经过了 numpy 或 Python 数值，autograd 无法跟踪",
    "errhelp.cut.new_tensor": "`{line}` 用另一个张量的数值新建了张量，新张量没有历史",
    "errhelp.cut.integer": "{name} 是整数张量；只有浮点和复数张量才能需要梯度",
    "errhelp.cut.leaf": "{name} 是由 `{line}` 创建的叶子节点，没有设置 requires_grad=True",
    "errhelp.title.freed": "第二次反向传播经过了已释放的计算图",
    "errhelp.title.hidden_state": "这一步的计算图连到了上一步的计算图",
    "errhelp.title.inplace": "一个被保存的张量被原位修改了",
    "errhelp.title.non_scalar": "对不是单个数的输出调用了 backward()",
    "errhelp.title.no_grad_fn": "输出没有历史",
    "errhelp.title.leaf_inplace": "原位修改了需要梯度的叶子节点",
    "errhelp.title.unused": "计算图没有用到的输入",
    "errhelp.title.shape": "形状不对的梯度",
    "errhelp.title.nan": "反向函数返回了 NaN",
    "errhelp.title.non_leaf_grad": "非叶子张量的 .grad",
    "errhelp.non_leaf_grad": "发生了什么：`{line}` 读取了一个非叶子张量的 .grad。backward() 只给叶子节点填写 .grad，所以它是 None。\n怎么改：在 backward() 之前对那个张量调用 .retain_grad()，或者改为读取叶子节点的 .grad。",
    "explain.the_tensor": "该张量",
    "explain.the_output": "输出",
    "explain.output": "output",
    "explain.an_input": "某个输入",
    "explain.a_tensor_requiring_grad": "某个需要梯度的张量",
    "explain.retained_set": "{t}.grad 有值：{t} 调用过 retain_grad()。",
    "explain.but_as_output": "\n\n但若把它当作输出（对它调用 backward()），",
    "explain.also_as_output": "\n\n另外，若对它调用 backward()，",
    "explain.and_not_leaf": (
        "\n\n（而且无论如何 {t}.grad 本身都是 None：{t} 不是叶子节点；调用 retain_grad() "
        "才能保留它的梯度。）"
    ),
    "explain.non_leaf": (
        "{t}.grad 是 None，因为 {t} 不是叶子节点：它是由 {fn} 计算得到的。\n"
        "backward() 只把梯度保存在叶子节点里（也就是你用 requires_grad=True 创建的张量）；"
        "中间张量的梯度用完就释放了。\n"
        "解决办法：在 backward() 之前调用 {t}.retain_grad()，或者去看叶子节点的 .grad。"
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
        "解决办法：在 {o}.backward() 之前调用 {t}.retain_grad()。"
    ),
    "explain.integer": (
        "{t} 不需要梯度：它的 dtype 是 {dtype}，只有浮点张量才能有梯度。\n"
        "解决办法：把它创建成浮点张量，例如 torch.tensor([...], dtype=torch.float32)。"
    ),
    "explain.detach": (
        "{t} 不需要梯度：它被 {b}.detach() 从计算图上截断了。\n"
        "它和 {b} 共享数值，却不共享历史记录，所以梯度不会经过 {t} 流回 {b}。\n"
        "解决办法：在需要梯度的地方直接使用 {b}。"
    ),
    "explain.no_grad_view": (
        "{t} 不需要梯度：它是在梯度模式关闭时（torch.no_grad() 之中）得到的 {b} 的视图，"
        "所以什么也没有记录。\n"
        "解决办法：在 no_grad() 代码块之外计算它。"
    ),
    "explain.data": (
        "{t} 不需要梯度：它和需要梯度的 {c} 共享数值，却不共享历史记录：它来自 {c}.data"
        "（或 .numpy() / from_numpy()）。\n"
        "通过它做的修改不会被记录，也没有梯度经过它流回 {c}。\n"
        "解决办法：直接使用 {c}。"
    ),
    "explain.grad_mode_off": "\n注意：现在梯度模式是关闭的（你正处在 torch.no_grad() 之中）。",
    "explain.requires_grad_false": (
        "{t}.grad 是 None，因为 {t} 不需要梯度（{t}.requires_grad 为 False），也没有 grad_fn。\n"
        "要么创建它时没有写 requires_grad=True（torch.tensor(...) 和 torch.Tensor(...) 的缺省值"
        "都是 False），要么它是在 torch.no_grad() 中计算的，要么它只由不需要梯度的张量算出："
        "autograd 什么也没有记录。\n"
        "解决办法：用 requires_grad=True 创建它，或者调用 {t}.requires_grad_()。"
    ),
    "explain.cut_copy": (
        "{t}.grad 是 None，因为 {o} 依赖的不是 {t} 本身，而是被 {made} 从计算图上截断的副本："
        "数值相同，没有历史记录，梯度就停在那里。\n"
        "解决办法：计算 {o} 时直接使用 {t}。"
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
        "解决办法：先把它变成标量（{o}.sum().backward()），或者传入向量-雅可比积中的向量 v："
        "{o}.backward(v)，v 的形状与 {o} 相同。"
    ),
    "explain.freed": (
        "{o}.backward() 会失败：计算图已经被之前的 backward() 释放了。{node} 释放了它保存的值，"
        "梯度无法再算一次。\n"
        "RuntimeError: {message}\n"
        "解决办法：如果需要第二次反向传播，在第一次 backward() 中传入 retain_graph=True"
        "（梯度会累加），或者重新做一遍前向传播。"
    ),
    "explain.its_own_output": "它自己的输出（{node} 的结果）",
    "explain.changed_by": "（被原位操作修改了，它的 grad_fn 现在是 {fn}）",
    "explain.inplace": (
        "{o}.backward() 会失败：{node} 为反向传播保存了张量 {what}，而它之后被原位修改了："
        "现在是第 {now} 版，保存时是第 {then} 版。\n"
        "RuntimeError: {message}\n"
        "解决办法：改用非原位的写法（用 y = y + 1 代替 y += 1 或 y.add_(1)），或者改为修改它的副本（.clone()）。"
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
    "legend.saved": "为反向传播保存的张量",
    "figure.sum_of": "{n} 个之和：{value}",
    "figure.n_gradients": "{n} 个梯度",
    "figure.saved_freed": "保存的值：已释放",
    "legend.freed": "反向传播后已释放",
    "legend.fold": "×N：重复 N 次的一组运算",
    "viz.fold_params": "参数：{names}",
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
    # --- minigrad.viz.zoom：Figure.zoomable() 的框
    "zoom.frame_title": "拖动平移，Ctrl + 滚轮缩放",
    "zoom.out_title": "缩小（-）",
    "zoom.in_title": "放大（+）",
    "zoom.actual": "原始大小",
    "zoom.actual_title": "图的原始大小（0）",
    "zoom.fit": "适应窗口",
    "zoom.fit_title": "在框中显示整张图",
    "zoom.open": "打开原图",
    "zoom.open_title": "在新标签页中只打开这张 SVG",
    "zoom.hint": "拖动平移 · Ctrl + 滚轮缩放",
    "zoom.repr": "<minigrad.viz.ZoomView（{scale}）：拖动平移，Ctrl + 滚轮缩放>",
    # --- minigrad.viz.steps：一步一步的反向传播
    "steps.running_now": "正在运行",
    "steps.already_ran": "已经运行",
    "steps.not_run_yet": "尚未运行",
    "steps.failed_here": "反向传播在此失败",
    "steps.none": "尚无",
    "steps.grad_none": "grad：尚无",
    "steps.none_meaning": ".grad 尚未计算（不等于 0）",
    "steps.in": "收到：{values}",
    "steps.grad_has_grad_fn": "梯度带有 grad_fn={fns}",
    "steps.saved_freed": "保存的值已释放",
    "steps.saved_modified": "保存的张量被修改",
    "steps.modified_in_place": "被原位修改",
    "steps.step_running": "第 {index} 步：运行中",
    "steps.error_here": "在此出现 RuntimeError",
    "steps.waiting": "等待中：已收到 {values}",
    "stepper.too_large": "这张计算图有 {n} 个节点，超过了 max_nodes={max_nodes}：太多了，无法逐个节点地单步执行。传入更大的 max_nodes=（例如 max_nodes={n}）可以逐个节点地单步执行；传入 by_module=True 则每一步执行一个模块（传入 model=你的模型，单步演示器就知道它的模块）。",
    "stepper.not_grouped": "这个单步演示器是逐个节点执行的：只有按模块分组的单步演示器（图很大时，或者 by_module=True）才能打开某个模块。",
    "stepper.no_module": "这张计算图中没有模块 {module!r}。它的模块有：{modules}。",
    "viz.op_numbers": "参数 {values}",
    "viz.too_large_folded": "即使把重复的层折叠起来（collapse=True），这张计算图仍有 {n} 个节点，超过了 max_nodes={max_nodes}。传入 max_nodes={n} 可以画出折叠后的图，传入 elide=True 可以只画靠近输出的部分；也可以不传 collapse 和 max_nodes：这时大图会按模块画，每个模块一个方框。",
    "viz.fold_steps": "（共 {n} 步）",
    "modpic.nodes": "{n} 个计算图节点",
    "modpic.stage": "距输出第 {first}–{last} 层",
    "modpic.params": "{n} 个参数",
    "modpic.note": "为了在这个宽度下看得清，图按组来画：每个模块一个方框；没有模块时，每一段计算图一个方框。传入 max_nodes={n} 可以画出每个节点； widgets.BackwardStepper(...).open('某个模块') 可以在一个模块内部单步执行。",
    "modsteps.outside": "不属于任何模块",
    "modsteps.all_params": "{n} 个参数中已有 {done} 个有 .grad",
    "modsteps.then": "；本模块的：",
    "modsteps.stage": "引擎顺序中的第 {first}–{last} 个节点",
    "modsteps.rest": "计算图的其余部分",
    "modsteps.run": "{module}：运行了 {n} 个节点，从 {first} 到 {last}。",
    "modsteps.ran": "{n} 个节点中已运行 {ran} 个",
    "modsteps.params": "{n} 个参数，{done} 个已有 .grad",
    "modsteps.crossed": "{n} 个梯度中已传过 {got} 个",
    "steps.in_output": "输出 {nr}{shape}收到：{values}",
    "steps.waiting_output": "等待中：输出 {nr}{shape}已收到 {values}",
    "steps.output_shape": "（形状 [{dims}]）",
    "steps.edges_arrived": "{n} 条边中已到达 {got} 条",
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
    "export.live_note": (
        "下面是 BackwardStepper 展示的反向传播的每一步。在 Jupyter 中它可以交互："
        "用“播放”“上一步”“下一步”和步骤滑块在这些画面间切换。"
    ),
    # --- 单步演示的说明（minigrad.widgets._replay），每步一句
    "replay.start_one": "开始：输出对它自身的梯度是 1。",
    "replay.start_gradient": "开始：输出对它自身的梯度就是你传入的 `gradient`。",
    "replay.the_start": "起点",
    "replay.stopped": "backward() 在 {where} 处因 RuntimeError 而停止：{error}",
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
    "jacobian.row_button": "第 {i} 行（独热）",
    "jacobian.ones_button": "全为 1（陷阱）",
    "jacobian.matrix_head": (
        "<b>雅可比矩阵 J</b>（第 i 行：y_i 的梯度；用独热（one-hot）的 v 和 retain_graph=True 逐行求出）"
    ),
    "jacobian.puts_in": "<b>y.backward(v)</b> 放进 <b>x.grad</b> 的是：",
    "jacobian.one_hot": (
        "v = {v} 是独热向量：x.grad 就是 J 的<b>第 {i} 行</b>，即只有 {y} 的梯度。"
    ),
    "jacobian.trap": (
        "陷阱：当 v = {v} 时，y.backward(v) 得到的是 vᵀJ，即 J 各行之和（按列求和：{sums}）。"
        "这只是一个向量，不是雅可比矩阵。要得到 J，请用独热（one-hot）的 v，一次求一行。"
    ),
    "jacobian.zero": "v = 0：没有梯度流动；x.grad 全为 0。",
    "jacobian.times_row": "{w} × 第 {i} 行",
    "jacobian.weighted": "x.grad = vᵀJ = {terms}：J 各行的加权和。",
    # --- 图和 explain() 中的真实 torch 张量
    "viz.not_kept": "autograd 未保留",
    "viz.dots_note": (
        "每个小圆点是计算过程中得到的一个张量，画小是为了让图在这个宽度下看得清"
        "（鼠标悬停可看到它的值；传入 rankdir= 会画出每个标签）。"
    ),
    "viz.rebuilt_note": (
        "由 grad_fn 重建：autograd 只保留反向传播需要的东西，? 标出它没有保留的值和常量"
        "（图太挤时画成一个小圆点）。"
        "在 viz.record() 中运行前向计算，就能看到每一个运算。"
    ),
    "explain.inference": (
        "{t} 不需要梯度：它是在 torch.inference_mode() 中创建的推理张量，autograd 什么也没有记录。\n"
        "解决办法：在 inference_mode() 代码块之外计算它。"
    ),
    "viz.na_note_torch": (
        "n/a：backward() 已释放保存的张量，这个梯度无法重算。"
        "请在 backward() 之前画图，或者给它传入 retain_graph=True。"
    ),
    "explain.frozen": (
        "{t}.grad 是 None，因为 {t} 是一个被冻结的参数：它的 requires_grad 为 False"
        "（requires_grad_(False)，例如只微调部分层时），所以 backward() 不会为它计算梯度。\n"
        "解决办法：{t}.requires_grad_(True)，然后重新运行前向计算（冻结期间建立的计算图没有通向它的路径）。"
    ),
    "explain.computed_from_cut": (
        "{t} 不需要梯度：它是（经由 {ops}）从一个被 {how} 从 {b} 截断下来的张量算出来的，"
        "所以梯度不会经过 {t} 流回 {b}。\n"
        "解决办法：直接从 {b} 计算它，不要 {how}。"
    ),
    "explain.cut_temporary": (
        "{t} 不需要梯度：它被一个临时结果（由 {fn} 算出）的 {how} 从计算图上截断了。"
        "它和这个结果共享数值，却不共享历史记录，所以梯度不会经过 {t} 流回 {fn} 的输入。\n"
        "解决办法：在需要梯度的地方直接使用这个结果，不要 {how}。"
    ),
    "explain.no_grad_op": (
        "{t} 不需要梯度：它是在梯度模式关闭时（torch.no_grad() 中）由 {op} 从 {b} 算出来的，"
        "所以什么也没有记录。\n"
        "解决办法：在 no_grad() 代码块之外计算它。"
    ),
}
_LESSONS = {
    # --- minigrad.lessons：check() 打印的话
    "lessons.all_solutions_pass": "所有参考答案都通过了检查。",
    "lessons.correct": "正确！",
    "lessons.not_yet": "还不对：",
    "lessons.closer_hint": "（还是没想通？再错一次，会得到更具体的提示。）",
    "lessons.not_answered": "还没有作答：把 ... 换成你的答案，再运行这个单元格。",
    "lessons.not_changed": "还没有作答：这还是题目给出的原样函数。改好它，再运行这个单元格。",
    "lessons.cannot_check": "答案的形式不符合题目的要求：请看 `...` 后面的注释。",
    "lessons.function_raised": "调用你的函数时抛出了 {kind}：先用一个小输入运行它，看看原因。",
    "lessons.no_pytorch": "（没有安装 PyTorch，所以无从比较。）",
    "lessons.identical": "两者输出是否完全相同：{same}",
    # --- minigrad.lessons：图表
    "plot.slope.title": "f(x) 及其导数 f′(x)",
    "plot.slope.f": "函数 f(x)",
    "plot.slope.tangent": "x = {x} 处的切线：斜率 {slope}",
    "plot.slope.derivative": "f′(x)，由 autograd 求出",
    "plot.errors.title": "h 变小时，斜率估计值的误差",
    "plot.errors.forward": "单侧差分：(f(x+h) − f(x)) / h",
    "plot.errors.central": "中心差分：(f(x+h) − f(x−h)) / 2h",
    "plot.errors.best_central": "ε^(1/3) ≈ {h}：中心差分的最佳 h",
    "plot.errors.best_forward": "ε^(1/2) ≈ {h}：单侧差分的最佳 h",
    "plot.errors.xlabel": "步长 h（float64）",
    "plot.errors.ylabel": "|估计值 − f′({x})|",
    "plot.training.title": "训练：损失，以及拟合出的函数",
    "plot.training.step": "训练步数",
    "plot.training.loss": "损失（对数坐标）",
    "plot.training.loss_title": "损失先迅速下降，然后趋于平稳",
    "plot.training.data": "数据",
    "plot.training.model": "训练好的网络",
    "plot.training.fit_title": "数据上拟合出的函数",
    # --- minigrad.lessons：练习的提示，"hint.<练习>.<序号>"，按判题的顺序
    "hint.graphs.1.1": "r 需要梯度吗？看看 r 由什么算出：它的输入中有没有需要梯度的？",
    "hint.graphs.1.1/2": "r = p * q：只要有一个输入（q）需要梯度，r 就需要梯度。",
    "hint.graphs.1.2": "r 是叶子节点吗？叶子节点是没有被任何记录下来的运算创建的张量。r 是怎么来的？",
    "hint.graphs.1.2/2": "r 需要梯度，又是由运算得到的（它有 grad_fn），所以它不是叶子节点。",
    "hint.graphs.1.3": "请给出两个答案，每个是 True 或 False（也可以写 1 或 0）：(r_requires_grad, r_is_leaf)。",
    "hint.graphs.2.1": "数一数循环执行了几次：每次做一次乘法。",
    "hint.graphs.3.1": "u = torch.zeros(3) 是新建的张量：requires_grad 的缺省值是 False。",
    "hint.graphs.3.2": "s 只由不需要梯度的张量算出，所以它也不需要梯度。",
    "hint.graphs.3.3": "v = u + w[0] 用到了 w，而 w 是需要梯度的叶子节点。",
    "hint.graphs.3.4": "{names}：题目只问 u、v 和 s。",
    "hint.derivative.1.1": "这是 sin(1)，是函数值；题目问的是它的斜率。",
    "hint.derivative.1.3": "接近了，但这是单侧差分：误差约为 h/2 · sin(1) ≈ 4e-5。请用中心差分 (sin(1 + h) - sin(1 - h)) / (2h)。",
    "hint.derivative.1.2": "用 h = 1e-4 计算 (sin(1 + h) - sin(1 - h)) / (2h)（可以用 math.sin）。",
    "hint.derivative.1.4": "公式对了，但 float32 只有大约 7 位有效数字，两个相近的正弦值相减会丢掉大部分。请用 float64 计算：math.sin，或者 dtype=torch.float64 的张量。",
    "hint.derivative.2.1": "返回一个张量，x 的每个元素对应一个斜率（形状与 x 相同）。",
    "hint.derivative.2.zeros": "斜率仍然全是 0：要为每个 i 填写 slopes[i]（用一个 for 循环）。",
    "hint.derivative.2.2": "接近了，但还不够准：请用中心差分 (f(x + h·e_i) - f(x - h·e_i)) / (2h)，不要用单侧差分。",
    "hint.derivative.2.3": "一次只扰动一个元素：e_i 在第 i 个位置为 1，其余为 0。",
    "hint.derivative.2.4": "check 传给 central 的函数只返回数值，不带计算图：按公式用 f 的数值估计每个斜率，不要用 backward()。",
    "hint.derivative.3.1": "请给出误差本身，一个正数，例如 1e-3（不是它的指数）。",
    "hint.derivative.3.2": "这大约是单侧差分（橙色）曲线的最低点；题目问的是中心差分（蓝色）曲线。",
    "hint.derivative.3.3": "找到中心差分（蓝色）曲线的最低点，在纵轴上读出它的高度。",
    "hint.derivative.3.3/2": "蓝色曲线的最低点在 10⁻¹¹ 和 10⁻¹⁰ 之间，位于 h ≈ 6e-6 附近。",
    "hint.derivative.3.4": "这是一个步长 h，在横轴上；题目问的是那里的误差有多大，要看纵轴。",
    "hint.derivative.3.5": "ε ≈ 2e-16 是一个数的舍入误差；在最佳步长处，截断误差和舍入误差相遇的地方要高得多。",
    "hint.derivative.4.1": "请把 x.grad 写成 4 个数的列表，x 的每个元素一个。",
    "hint.derivative.4.2": "份额分对了，但求最大值的是 2 * x：乘法在梯度传向 x 的路上对它做了什么？",
    "hint.derivative.4.2/2": "(2 * x).max() 的梯度以三份各 1/3 到达 2 * x，乘以 2 又把每份加倍。",
    "hint.derivative.4.3": "有三个元素并列最大：为什么要让其中一个拿走全部梯度？哪种分法最小？",
    "hint.derivative.4.3/2": "最小范数次梯度把梯度平均分给并列的元素；不是最大值的元素得到 0。",
    "hint.derivative.4.4": "2 * x 中哪些元素最大？规则怎样在它们之间分配梯度？",
    "hint.derivative.4.4/2": "1 不是最大值：它得到 0。三个 4 并列，平分梯度，而因子 2 把每一份加倍。",
    "hint.derivative.4.4/3": "x.grad = [0, 2/3, 2/3, 2/3]：1 被平分成三个 1/3，再乘以 2。",
    "hint.scalar.1.1": "y = (x + 1)(x + 2) 是一个乘积：用乘积法则求导，再代入 x = -1。",
    "hint.scalar.1.1/2": "dy/dx = (x + 2) + (x + 1)；把 x = -1 代入这两项。",
    "hint.scalar.1.1/3": "(-1 + 2) + (-1 + 1) = 1。",
    "hint.scalar.2.1": "x 沿三条路径到达 y（y = x * x * x），autograd 把每条路径传回的梯度加起来。这个和等于哪一个导数？",
    "hint.scalar.2.1/2": "d(x³)/dx = 3x²；代入 x = 3。",
    "hint.scalar.2.1/3": "3 · 3² = 27。",
    "hint.scalar.3.1": "backward() 只填写叶子节点的 .grad；需要告诉 y 保留它自己的梯度。",
    "hint.scalar.3.2": "这个方法要在 backward() 之前对 y 调用，让 y 保留它的梯度。",
    "hint.scalar.3.3": "方法 retain_grad() 选对了，但应当对哪个张量调用？对你想读取其梯度的那个。",
    "hint.scalar.3.3/2": "方法 retain_grad() 选对了，但要对需要其梯度的那个张量调用：y。",
    "hint.scalar.3.4": '请把一次调用写成字符串，形如 "张量.方法()"。',
    "hint.engine.1.1": "计算图里有这 {n} 个节点：{nodes}；每个只用一次。",
    "hint.engine.1.2": "引擎从 out.grad_fn 开始，也就是前向传播的最后一个运算。",
    "hint.engine.1.3": "{node} 还不能运行：它需要 {before} 传来的梯度，所以 {before} 必须排在前面。",
    "hint.engine.2.1": "链式法则要把局部导数乘上从输出那边传来的某个量。是什么？",
    "hint.engine.2.1/2": "要乘上传入的梯度：链式法则是 grad · d(exp x)/dx。",
    "hint.engine.2.2": "你的规则把 grad 原样传了下去，好像局部导数是 1。eˣ 的导数是什么？",
    "hint.engine.2.2/2": "d(exp x)/dx 是 exp x，不是 1。",
    "hint.engine.2.3": "当 x = {x}、grad = {grad} 时，你的规则得到的数与 ExpBackward0 不同：结果应当是 grad 乘以 exp 在 x 处的局部导数。",
    "hint.engine.2.3/2": "当 x = {x}、grad = {grad} 时，要传下去的梯度是 grad · exp(x)。",
    "hint.engine.3.1": "请传入类本身 MyValue（不是实例，也不是字符串）。",
    "hint.engine.3.2": "__pow__：你的局部导数不是 x**n 的斜率。x 稍微增加时，x**n 变化得多快？",
    "hint.engine.3.2/2": "__pow__：d(x**n)/dx = n · x**(n - 1)，其中 n 是普通的数。",
    "hint.engine.3.3": "tanh：你的局部导数不对。用已经算好的 t = tanh(x) 写出 tanh 的导数。",
    "hint.engine.3.3/2": "tanh：d(tanh x)/dx = 1 − tanh(x)²，而 t = tanh(x) 已经算好了。",
    "hint.engine.3.4": "__neg__：x 增加 1 时，-x 变化多少？",
    "hint.engine.3.4/2": "__neg__：x 增加 1 时，-x 变化 -1。",
    "hint.engine.3.5": "__sub__：a 增加 1 时 a − b 怎样变化？b 增加 1 时呢？",
    "hint.engine.3.5/2": "__sub__：a − b 的局部导数是 1（对 a）和 −1（对 b）。",
    "hint.engine.3.6": "局部导数都对了，但有些梯度与 minigrad 的不同：把节点排成每个节点都在它所依赖的一切之后的顺序，从输出开始沿这个顺序往回走，并把梯度加（+=）到每个父节点上。",
    "hint.engine.3.7": "backward() 之后梯度仍然是 0：先把输出的 grad 设为 1，再从输出到叶子节点，逐个节点把梯度传下去。",
    "hint.engine.3.8": "MyValue 还在用从 Value 继承来的 backward()：请自己写一个（先给节点排序，再从输出开始用链式法则）。",
    "hint.engine.hand.1": '请给出一个字典，每个叶子节点一个梯度：{"x1": ..., "w1": ..., "x2": ..., "w2": ..., "b": ...}。',
    "hint.engine.hand.2": "如果 o 就是 n，这些就对了。可是梯度要先经过 tanh 才到达 n：tanh 的局部导数是什么？",
    "hint.engine.hand.2/2": "tanh 的局部导数是 1 − o²，其中 o = tanh(n)：tanh 下面的每个梯度都要乘上它。",
    "hint.engine.hand.3": "乘积对其中一个因子的局部导数，是另一个因子。",
    "hint.engine.hand.3/2": "x1 增加 1 时，x1 * w1 变化 w1：x1 的梯度用的是 w1，w1 的梯度用的是 x1。",
    "hint.engine.hand.4": "从梯度为 1 的 o 出发，一次往下走一个运算：先是 tanh，再是加法，然后是每个乘积。",
    "hint.engine.hand.4/2": "do/dn = 1 − o²；加法把梯度原样传给每个输入；乘法把梯度乘上另一个因子。",
    "hint.engine.hand.4/3": "do/dn = 1 − 0.7071² = 0.5，所以 b 得到 0.5，x1 得到 w1 · 0.5 = -1.5，w1 得到 x1 · 0.5 = 1，x2 得到 w2 · 0.5 = 0.5，w2 得到 x2 · 0.5 = 0。",
    "hint.grad.1.1": "backward() 是替换 x.grad，还是累加到它上面？先求 x = 1 处的 dq/dx，再数一数调用了几次。",
    "hint.grad.1.1/2": "x = 1 时 dq/dx = 10x = 10，而每次 backward() 都会再累加一次。",
    "hint.grad.1.1/3": "三次调用把 10 累加三次：30。",
    "hint.grad.2.1": "仍然抛出 RuntimeError。在一个单元格里运行 grads，读一读报错：第一次调用释放了什么，而第二次调用又需要它？",
    "hint.grad.2.1/2": "仍然抛出 RuntimeError，因为第一次调用已经释放了计算图。要么一次调用同时求两个输入的梯度，要么第一次调用时保留计算图。",
    "hint.grad.2.2": "梯度应当是 dz/dx = 2xy = 12 和 dz/dy = x² = 4。",
    "hint.grad.2.3": "对 x = 2、y = 3 是对的，但 check 还会用别的数值调用 grads：要根据传入的 x 和 y 求出两个梯度。",
    "hint.grad.3.1": "翻倍的次数对了，但 b 最后是负数：f 走的是 else 分支，还要乘以 100。",
    "hint.grad.3.2": "d = k · a，梯度就是 k 本身：它的符号与 a 的符号无关。",
    "hint.grad.3.3": "沿着路径走一遍：b = 2a = -0.6，一直翻倍到 |b| ≥ 1000，然后 b.sum() < 0 选中 c = 100 · b。d = k · a：k 是多少？",
    "hint.nonscalar.1.1": "x³ 的雅可比矩阵是对角矩阵，对角元为 3x²；每个再乘以 v。",
    "hint.nonscalar.2.1": "v 的形状必须与 z = y.view(2, 2) 相同，即 (2, 2)；你的是 {shape}。",
    "hint.nonscalar.2.2": "用你的 v 得到 x.grad = {grad}：每一项都是 2 · v，再展平。",
    "hint.nonscalar.3.1": "b.grad 的形状与 b 相同，是 [3]：b 的每个元素对应一个数。",
    "hint.nonscalar.3.1/2": "b.grad 的形状与 b 相同，是 [3]：x @ w + b 的梯度是 [5, 3]，广播会把它沿批次（5 行）加起来。",
    "hint.nonscalar.3.2": "批次的每一行都用到了 b。一个张量被用了好几次时，autograd 怎样处理这几份梯度？",
    "hint.nonscalar.3.2/2": "5 行中的每一行都用了一次 b，每次使用都传回一个 1：这些要加起来。",
    "hint.nonscalar.3.3": "损失是求和，所以每个输出得到的梯度都是 1。b 的每个元素到达了多少个输出？",
    "hint.nonscalar.3.3/2": "b 的每个元素在批次的每一行到达一个输出，而 x 有 5 行：这些 1 要加起来。",
    "hint.nonscalar.3.3/3": "五行，五个 1：b.grad = [5, 5, 5]。",
    "hint.jacobian.1.1": "第 i 行是 g_i 的各个偏导数：d(x1·x2)/dx1 = x2，……",
    "hint.jacobian.2.2": "y 有 2 个输出，v 要为每个输出给一个数：写成 [a, b] 或 [[a, b]]。",
    "hint.jacobian.2.1": "你的 v 得到 x.grad = {grad}；独热的 v 会选出 J 的一行。",
    "hint.forward.1.1": "一次前向模式计算求出 J 的一列（J·v）。J 有几列？",
    "hint.forward.1.1/2": "一次前向模式计算求出 J 的一列（J·v）；f 有 5 个输入，所以要 5 列。",
    "hint.forward.1.2": "一次反向传播求出 J 的一行（vᵀJ）。J 有几行？",
    "hint.forward.1.2/2": "一次反向传播求出 J 的一行（vᵀJ）；f 有 2 个输出，所以要 2 行。",
    "hint.forward.2.1": "商的数值部分就是 a / b。",
    "hint.forward.2.2": "斜率不是 da / db：商有它自己的求导法则。是哪一条？",
    "hint.forward.2.2/2": "斜率不是 da / db：用商的求导法则 (da·b − a·db) / b²。",
    "hint.forward.2.3": "斜率部分还不对：a 和 b 同时变化时，a / b 怎样变化？",
    "hint.forward.2.3/2": "商的斜率遵循商的求导法则：(da·b − a·db) / b²。",
    "hint.forward.3.1": "f3 有几个输出，Jv 就有几个分量：给出 3 个数（2 个数的列表是行的组合 vᵀJ）。",
    "hint.forward.3.2": "这是 J 的一列，也就是只有一个输入变化时的速度；v = (1, 1) 时两列要加起来。",
    "hint.forward.3.3": "用 x = (2, 3) 和 v = (1, 1) 调用 torch.func.jvp(f3, (x,), (v,))；它的第二个结果就是 Jv。",
    "hint.forward.4.1": "f 有几个输入，Hv 就有几个分量：给出 2 个数。",
    "hint.forward.4.2": "这是 f 的梯度 (3x₁² + x₂, x₁)；Hv 是（梯度 · v）的梯度。",
    "hint.forward.4.3": "这是 H 的一列（v 只选了一个输入）；v = (1, 1) 时两列要加起来。",
    "hint.forward.4.4": "用 torch.func.hessian(f)(x) 求出 x = (1, 2) 处的 H，再乘以 v。",
    "hint.forward.4.4/2": "在 x = (1, 2) 处 H = [[6x₁, 1], [1, 0]]；用 torch.func.hessian(f)(x) 验证一下，再乘以 v。",
    "hint.forward.5.1": "请给出一个数：u 与 Jv 的点积（它也等于 (uᵀJ)·v）。",
    "hint.forward.5.2": "用 torch.func.jvp(f3, (x,), (v,)) 求出 Jv，再求它与 u 的点积（torch.dot）；用 vjp 那一侧应当得到同一个数。",
    "hint.forward.5.2/2": "在 x = (2, 3) 处 J = [[3, 2], [1, 1], [4, 0]]，v = (2, 1) 时 Jv = (8, 3, 8)。",
    "hint.forward.5.2/3": "u · (8, 3, 8) = 8 + 6 − 8 = 6，而 uᵀJ = (1, 4)，(1, 4) · (2, 1) 也等于 6。",
    "hint.higher.1.1": "求两次导：先把 z 对 x 求导，再把结果对 y 求导。",
    "hint.higher.1.1/2": "先求 ∂z/∂x = 2xy；再把 2xy 对 y 求导。",
    "hint.higher.2.1": "两次调用之间 x.grad 没有清零：二阶导数到来时，x.grad 里已经有什么？",
    "hint.higher.2.1/2": "一阶导数 3x² 留在 x.grad 里，二阶导数 6x 又累加了上去。",
    "hint.higher.2.1/3": "一阶导数 3x² = 12 留在 x.grad 里，二阶导数 6x = 12 又累加了上去。",
    "hint.higher.3.1": "任务 (a) 要用同一张计算图两次，但不需要对导数再求导：只要保存的张量不被释放就够了。",
    "hint.higher.3.2": "任务 (b) 要对梯度求导，所以反向传播本身也必须被记录成计算图。",
    "hint.stopping.1.1": "detach() 切断了一条路径：从 y 回到 x，还有哪条路径被记录着？",
    "hint.stopping.1.1/2": "只剩下经过 a = x + 1 的那条路径：dy/da · da/dx = b。",
    "hint.stopping.2.1": "model.eval() 只是把 Dropout、BatchNorm 这类层切换到评估模式；autograd 仍然记录每一个运算。",
    "hint.stopping.2.2": "其他选项中也有会停止记录的；再看一遍那张表。",
    "hint.stopping.2.2/2": "{missing} 也会停止记录；再看一遍那张表。",
    "hint.stopping.2.3": "{letters}：选项只有 A 到 E。",
    "hint.stopping.3.1": "x.grad 里仍有 NaN 或 inf。log 的斜率在哪里是无穷大？where() 在那里把它乘上了什么？",
    "hint.stopping.3.1/2": "x.grad 里仍有 NaN 或 inf：在 x ≤ 0 的地方仍然计算了 log，而 where() 把 0 送进了它无穷大的斜率。先在那里给 log 一个安全的输入，就像课里对 sqrt 做的那样。",
    "hint.stopping.3.2": "数值变了：f 仍然要在 x > 0 处给出 log(x)，在其他地方给出 0。",
    "hint.stopping.3.3": "请给出一个函数：def f(x): ……，返回一个张量（check 会调用它）。",
    "hint.stopping.3.4": "f 的结果不需要梯度，所以根本没有梯度到达 x：让计算留在计算图里（不要 detach()，也不要 no_grad()）。",
    "hint.stopping.3.5": "x.grad 现在是有限的，但不对：它在 x > 0 处应当是 1/x，在其他地方是 0。",
    "hint.inplace.1.1": ".data 在 autograd 背后改了数值。autograd 记录了哪些运算？",
    "hint.inplace.1.1/2": ".data 在 autograd 背后改了数值；被记录的运算是 ×3 和 ×2。",
    "hint.inplace.2.1": "B 通过 .data 修改 b，不会增加版本号：反向传播会照常运行，悄悄地用新数值计算。",
    "hint.inplace.2.2": "D 修改的是 c，一个没有被任何梯度函数保存的新张量：没有谁检查它的版本。",
    "hint.inplace.2.3": "其他选项中也有会增加 b 的版本号的；再看一遍那张表。",
    "hint.inplace.2.3/2": "{missing} 也会增加 b 的版本号（原位修改都会，在 no_grad 下和通过 detach() 也一样）。",
    "hint.inplace.2.4": "{letters}：选项只有 A 到 E。",
    "hint.inplace.3.1": "给出两个数：保存的 (64, 256) 张量的个数，然后是反向传播重新运行的块数。",
    "hint.inplace.3.2": "这是把每个块都按同一种方式算了。这里块 0 和块 1 照常运行，只有块 2 和块 3 加了检查点：两半分开数。",
    "hint.inplace.3.3": "一个块一个块地数：普通的块留着哪些 (64, 256) 的张量？加了检查点的块又留着哪些？别忘了损失里的 pow。",
    "hint.inplace.3.3/2": "普通的块留 2 个（它的 Linear 的输入和 tanh 的输出），加了检查点的块留 1 个（它的输入），pow 留 1 个。",
    "hint.inplace.3.3/3": "2 + 2（块 0 和块 1）+ 1 + 1（块 2 和块 3）+ 1（pow）= 7。",
    "hint.inplace.3.4": "张量的个数对了。反向传播只会重新运行加了检查点的块：是哪几个？",
    "hint.inplace.3.4/2": "反向传播把每个加了检查点的块再运行一次：块 3 和块 2，所以是 2。",
    "hint.hooks.1.1": "仍然是 None。h 是叶子节点吗？对不是叶子节点的张量，backward() 会保留什么？",
    "hint.hooks.1.1/2": "仍然是 None。h 不是叶子节点，所以 backward() 不会保留它的梯度：在调用 backward() 之前让 h 保留梯度（或用钩子截获它）。",
    "hint.hooks.1.2": "得到 {got}，这不是 dy/dh。把 y 写成 h 的函数：它的导数是什么？",
    "hint.hooks.1.2/2": "得到 {got}；x = [1., 2.] 时 dy/dh = 2h = [12., 24.]。",
    "hint.hooks.2.1": "前向计算应当返回 x ** 3。",
    "hint.hooks.2.2": "gradcheck 仍然发现了差异：backward 要返回传入的梯度乘以 x³ 的局部导数。哪个因子缺了或错了？",
    "hint.hooks.2.2/2": "gradcheck 仍然发现了差异：d(x³)/dx = 3x²，还要乘以传入的梯度。",
    "hint.hooks.3.1": "再数一遍：exp 会为它的反向传播保存什么吗？",
    "hint.hooks.3.1/2": "exp 也保存了一个张量：它的结果，因为 eˣ 的导数就是 eˣ。",
    "hint.hooks.3.2": "再数一遍：sum 计算反向传播时需要什么张量吗？",
    "hint.hooks.3.2/2": "sum 不保存张量：它的反向传播只需要输入的形状。",
    "hint.hooks.3.3": "把前向计算放在 torch.autograd.graph.saved_tensors_hooks(pack, unpack) 里运行，让 pack 数一数自己被调用了几次（并返回它的张量）。",
    "hint.hooks.4.1": "请把 w 写成两个数的列表。",
    "hint.hooks.4.2": "这是 backward() 之前的 w。钩子在 backward() 之中、w.grad 一完整就运行：它对 w 做了什么？",
    "hint.hooks.4.2/2": "sgd_step 从 w 中减去 0.1 · w.grad；先求出 ((w − 3)²).sum() 对 w 的梯度。",
    "hint.hooks.4.3": "钩子把 w 移动 −0.1 · w.grad。在 w = (1, −2) 处，((w − 3)²).sum() 的梯度是多少？",
    "hint.hooks.4.3/2": "钩子运行时 w.grad = 2(w − 3) = (−4, −10)。",
    "hint.hooks.4.3/3": "w = (1, −2) − 0.1 · (−4, −10) = (1.4, −1.0)。",
    "hint.hooks.4.4": "这一步是逆着梯度走的：p -= 0.1 * p.grad 是减去梯度。",
    "hint.training.1.1": "Linear(a, b) 学习 a·b 个权重和 b 个偏置；两层加起来。",
    "hint.training.2.1": "backward() 是替换 .grad，还是累加到它上面？",
    "hint.training.2.1/2": "backward() 会累加到 .grad 中：三次反向传播，就是三倍。",
    "hint.training.3.1": "返回损失值的列表，每一步一个。",
    "hint.training.3.2": "损失还是没有下降。看看在 backward() 和 step() 之间每一行对 w.grad 做了什么：step() 按它在那里看到的梯度移动 w。",
    "hint.training.3.3": "这些损失值不是你的循环算出来的：check 会用别的数据（另一个随机种子）运行 train。请返回每一步的 loss.item()。",
    "hint.training.4.1": "请把形状写成整数的列表，例如 [1, 2, 3]。",
    "hint.training.4.2": "这是整批只有一个梯度时的形状。vmap 会在前面加上什么？",
    "hint.training.4.3": "思路对了，但 nn.Linear(5, 2).weight 本身是什么形状？（上面 Linear(3, 1) 的 lin.weight 是 [1, 3]。）",
    "hint.training.4.4": "先写出 nn.Linear(5, 2).weight 的形状，再加上 vmap 放在前面的维度：每个样本一项。",
    "hint.training.4.4/2": "nn.Linear(5, 2).weight 是 [2, 5]，在 8 个样本上 vmap 会在前面加一维 8。",
    "hint.pytorch.1.1": "每个需要梯度的叶子节点对应一个 AccumulateGrad：数一数模型的参数（每个权重和每个偏置）。",
    "hint.pytorch.2.1": '用字符串回答原因，例如 "detach"，或者直接传入 explain(h)。',
    "hint.pytorch.2.2": "不是这个：h 是由一层网络算出来的，所以它有 grad_fn。这说明它是什么？",
    "hint.pytorch.3.1": "传入函数本身 grads，而不是它的返回值。",
    "hint.pytorch.3.2": "w.grad 仍然是 None。在你的函数里调用 explain(w)：w 是哪一种张量？",
    "hint.pytorch.3.2/2": "w.grad 仍然是 None：torch.ones(3, requires_grad=True) * 2 是一次乘法的结果，不是叶子节点。",
    "hint.pytorch.3.2/3": "w.grad 仍是 None：torch.ones(3, requires_grad=True) * 2 是一次乘法的结果，不是叶子节点。直接把 w 创建成值为 2.0 的叶子节点，例如用 torch.full。",
    "hint.pytorch.3.3": "用 torch 运行时你的函数出错了：在一个单元格里运行 grads(torch) 看看。",
    "hint.pytorch.3.4": "w.grad 有值了，但不是 x = [1, 2, 3]：损失保持为 (w * x).sum()。",
}
MESSAGES.update(_LESSONS)
