"""Expert-parallel Linen MoE layer with all_to_all dispatch, shard_map picked by a version-guarded import."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
try:  # JAX >= 0.7
  from jax import shard_map as _shard_map
  shard_map = functools.partial(_shard_map, check_vma=False)
except ImportError:
  from jax.experimental.shard_map import shard_map as _shard_map
  shard_map = functools.partial(_shard_map, check_rep=False)
from jax.sharding import Mesh, PartitionSpec as P

EP = 'expert'


class ExpertFFN(nn.Module):
  d_model: int
  d_ff: int

  @nn.compact
  def __call__(self, x):
    # x: [experts_local, tokens, d_model]
    wi = self.param('wi', nn.initializers.lecun_normal(), (x.shape[0], self.d_model, self.d_ff))
    wo = self.param('wo', nn.initializers.lecun_normal(), (x.shape[0], self.d_ff, self.d_model))
    h = nn.relu(jnp.einsum('etd,edf->etf', x, wi))
    return jnp.einsum('etf,efd->etd', h, wo)


class MoE(nn.Module):
  num_experts: int
  d_model: int = 32
  d_ff: int = 64

  @nn.compact
  def __call__(self, tokens):
    n = jax.lax.psum(1, EP)
    logits = nn.Dense(self.num_experts, use_bias=False, name='router')(tokens)
    expert = jnp.argmax(logits, -1)
    dispatch = jax.nn.one_hot(expert, self.num_experts, dtype=tokens.dtype)
    x = jnp.einsum('te,td->etd', dispatch, tokens)             # [E, T, D]
    x = jax.lax.all_to_all(x, EP, split_axis=0, concat_axis=1, tiled=True)
    y = ExpertFFN(self.d_model, self.d_ff, name='experts')(x)  # [E/n, T*n, D]
    y = jax.lax.all_to_all(y, EP, split_axis=1, concat_axis=0, tiled=True)
    return jnp.einsum('te,etd->td', dispatch, y)


mesh = Mesh(np.array(jax.devices()), (EP,))
model = MoE(num_experts=8)
SPECS = {'params': {'router': {'kernel': P()}, 'experts': {'wi': P(EP), 'wo': P(EP)}}}
sharded_init = shard_map(functools.partial(model.init, jax.random.PRNGKey(0)), mesh=mesh,
                         in_specs=P(EP), out_specs=SPECS)
sharded_apply = shard_map(model.apply, mesh=mesh, in_specs=(SPECS, P(EP)), out_specs=P(EP))
tokens = jnp.ones((64, 32))
params = jax.jit(sharded_init)(tokens)
lowered = jax.jit(sharded_apply).trace(params, tokens).lower(lowering_platforms=('cuda',))
print(jax.tree.map(jnp.shape, params), lowered.as_text()[:10])
