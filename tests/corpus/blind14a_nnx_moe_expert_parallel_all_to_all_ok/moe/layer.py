import jax
import jax.numpy as jnp
from flax import nnx

from . import dispatch as D


class MoE(nnx.Module):

  def __init__(self, d, n_experts, capacity, *, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.capacity = capacity
    self.router = nnx.Linear(d, n_experts, use_bias=False, rngs=rngs)
    self.w_in = nnx.Param(init(rngs.params(), (n_experts, d, 4 * d)),
                          sharding=(D.EXPERT_AXIS, None, None))
    self.w_out = nnx.Param(init(rngs.params(), (n_experts, 4 * d, d)),
                           sharding=(D.EXPERT_AXIS, None, None))

  def __call__(self, x):  # x: [local_tokens, d]
    disp = D.route(self.router(x), self.capacity)
    buffers = jnp.einsum('tec,td->ecd', disp, x)
    local = D.to_experts(buffers)  # [n_experts, capacity, d] regrouped by expert
    n_local = self.w_in.shape[0]
    n_src = local.shape[0] // n_local
    cap, d = local.shape[1:]
    # [src, local_expert, cap, d] -> [local_expert, src * cap, d]
    local = local.reshape(n_src, n_local, cap, d).transpose(1, 0, 2, 3).reshape(n_local, -1, d)
    h = jax.nn.gelu(jnp.einsum('ecd,edf->ecf', local, self.w_in[...]))
    y = jnp.einsum('ecf,efd->ecd', h, self.w_out[...])
    y = y.reshape(n_local, n_src, cap, d).transpose(1, 0, 2, 3).reshape(buffers.shape)
    y = D.from_experts(y)
    return jnp.einsum('tec,ecd->td', disp, y)
