"""Switch-style top-1 MoE FFN, expert-parallel: tokens are exchanged with all_to_all."""
import jax
import jax.numpy as jnp
from flax import nnx

EP_AXIS = 'expert'


class MoEFFN(nnx.Module):

  def __init__(self, d_model, d_ff, num_experts, capacity, *, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.num_experts = num_experts
    self.capacity = capacity
    self.router = nnx.Linear(d_model, num_experts, use_bias=False, rngs=rngs)
    self.w_in = nnx.Param(init(rngs.params(), (num_experts, d_model, d_ff)))
    self.w_out = nnx.Param(init(rngs.params(), (num_experts, d_ff, d_model)))

  def __call__(self, x):
    # x: (tokens, d_model) local to this device; w_in/w_out hold the local experts only
    probs = jax.nn.softmax(self.router(x), axis=-1)
    expert = jnp.argmax(probs, axis=-1)
    gate = jnp.max(probs, axis=-1)
    onehot = jax.nn.one_hot(expert, self.num_experts)
    pos = (jnp.cumsum(onehot, axis=0) - 1) * onehot
    keep = (pos < self.capacity) * onehot
    dispatch = keep[..., None] * jax.nn.one_hot(pos, self.capacity)   # (t, E, C)
    buf = jnp.einsum('tec,td->ecd', dispatch, x)                       # (E, C, d)
    buf = jax.lax.all_to_all(buf, EP_AXIS, split_axis=0, concat_axis=1, tiled=True)
    h = nnx.gelu(jnp.einsum('ecd,edf->ecf', buf, self.w_in[...]))
    y = jnp.einsum('ecf,efd->ecd', h, self.w_out[...])
    y = jax.lax.all_to_all(y, EP_AXIS, split_axis=1, concat_axis=0, tiled=True)
    return jnp.einsum('tec,ecd->td', dispatch * gate[:, None, None], y)
