import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

EP = "expert"


class SwitchMoE(nnx.Module):
  def __init__(self, d_model, d_ff, num_experts, capacity, mesh, rngs):
    init = nnx.initializers.lecun_normal()
    self.mesh = mesh
    self.capacity = capacity
    self.router = nnx.Linear(d_model, num_experts, use_bias=False, rngs=rngs)
    self.wi = nnx.Param(init(rngs.params(), (num_experts, d_model, d_ff)))
    self.wo = nnx.Param(init(rngs.params(), (num_experts, d_ff, d_model)))

  def __call__(self, x):
    logits = self.router(x)                                   # [T, E]
    expert = jnp.argmax(logits, axis=-1)
    gate = jnp.max(jax.nn.softmax(logits, axis=-1), axis=-1)
    onehot = jax.nn.one_hot(expert, logits.shape[-1])         # [T, E]
    pos = (jnp.cumsum(onehot, axis=0) - 1) * onehot
    dispatch = onehot[..., None] * jax.nn.one_hot(pos, self.capacity)  # [T, E, C]

    def expert_fn(wi, wo, x, dispatch, gate):
      xe = jnp.einsum("td,tec->ecd", x, dispatch)             # [E, C, d]
      xe = jax.lax.all_to_all(xe, EP, split_axis=0, concat_axis=0)
      h = jax.nn.relu(jnp.einsum("ecd,edf->ecf", xe, wi))
      ye = jnp.einsum("ecf,efd->ecd", h, wo)
      ye = jax.lax.all_to_all(ye, EP, split_axis=0, concat_axis=0)
      return jnp.einsum("ecd,tec->td", ye, dispatch) * gate[:, None]

    return jax.shard_map(
        expert_fn, mesh=self.mesh,
        in_specs=(P(EP), P(EP), P(EP), P(EP), P(EP)),
        out_specs=P(EP),
    )(self.wi[...], self.wo[...], x, dispatch, gate)
