"""Top-1 expert-parallel MoE layer (GShard-style capacity dispatch) in Flax NNX."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx

EXPERT_AXIS = "expert"


class ExpertMLP(nnx.Module):
  def __init__(self, num_experts: int, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal(in_axis=-2, out_axis=-1, batch_axis=(0,))
    self.w_in = nnx.Param(init(rngs.params(), (num_experts, d_model, d_ff)))
    self.w_out = nnx.Param(init(rngs.params(), (num_experts, d_ff, d_model)))

  def __call__(self, x):  # x: (experts_per_shard, tokens, d_model)
    h = jax.nn.silu(jnp.einsum("ecd,edf->ecf", x, self.w_in[...]))
    return jnp.einsum("ecf,efd->ecd", h, self.w_out[...])


class MoELayer(nnx.Module):
  def __init__(self, num_experts: int, d_model: int, d_ff: int, capacity: int, *, rngs: nnx.Rngs):
    self.num_experts = num_experts
    self.capacity = capacity
    self.router = nnx.Linear(d_model, num_experts, use_bias=False, rngs=rngs)
    self.experts = ExpertMLP(num_experts, d_model, d_ff, rngs=rngs)

  def __call__(self, x):  # local tokens (T, d_model), run inside shard_map over EXPERT_AXIS
    probs = jax.nn.softmax(self.router(x), axis=-1)
    expert_idx = jnp.argmax(probs, axis=-1)
    gate = jnp.max(probs, axis=-1)
    onehot = jax.nn.one_hot(expert_idx, self.num_experts, dtype=jnp.int32)
    position = jnp.cumsum(onehot, axis=0) * onehot - 1
    dispatch = jax.nn.one_hot(position, self.capacity, dtype=x.dtype)  # (T, E, C)
    buf = jnp.einsum("tec,td->ecd", dispatch, x)
    # send each expert's slots to the shard that owns the expert
    buf = lax.all_to_all(buf, EXPERT_AXIS, split_axis=0, concat_axis=1, tiled=True)
    out = self.experts(buf)
    out = lax.all_to_all(out, EXPERT_AXIS, split_axis=1, concat_axis=0, tiled=True)
    combine = dispatch * gate[:, None, None]
    return jnp.einsum("tec,ecd->td", combine, out)
