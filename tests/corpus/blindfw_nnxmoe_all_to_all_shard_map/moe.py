"""A top-1 mixture-of-experts layer with expert parallelism: tokens are dispatched to the
device holding their expert with all_to_all over `axis_name` and combined on the way back."""
import jax
import jax.numpy as jnp
from flax import nnx


class MoE(nnx.Module):
  def __init__(self, dim, hidden, num_experts, *, axis_name, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.router = nnx.Linear(dim, num_experts, use_bias=False, rngs=rngs)
    self.w_in = nnx.Param(init(rngs.params(), (num_experts, dim, hidden)))
    self.w_out = nnx.Param(init(rngs.params(), (num_experts, hidden, dim)))
    self.num_experts = num_experts
    self.axis_name = axis_name

  def __call__(self, x):
    gates = jax.nn.softmax(self.router(x), axis=-1)
    choice = jax.nn.one_hot(jnp.argmax(gates, -1), self.num_experts, dtype=x.dtype)
    dispatched = jnp.einsum('td,te->etd', x, choice)
    # Send every expert's tokens to the device that holds that expert.
    received = jax.lax.all_to_all(dispatched, self.axis_name, split_axis=0, concat_axis=0,
                                  tiled=True)
    h = nnx.gelu(jnp.einsum('etd,edh->eth', received, self.w_in[...]))
    out = jnp.einsum('eth,ehd->etd', h, self.w_out[...])
    returned = jax.lax.all_to_all(out, self.axis_name, split_axis=0, concat_axis=0, tiled=True)
    return jnp.einsum('etd,te->td', returned, choice * gates)
