from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

NUM_EXPERTS = 4  # one expert per device on the 'expert' axis
CAPACITY = 8
D_MODEL = 64


class ExpertMlp(nn.Module):
  @nn.compact
  def __call__(self, x):
    return nn.Dense(D_MODEL)(nn.relu(nn.Dense(4 * D_MODEL)(x)))


class Router(nn.Module):
  @nn.compact
  def __call__(self, x):
    return nn.Dense(NUM_EXPERTS, use_bias=False)(x)


expert = ExpertMlp()
router = Router()
mesh = jax.make_mesh((NUM_EXPERTS,), ('expert',), axis_types=(jax.sharding.AxisType.Auto,))


@jax.jit
@partial(jax.shard_map, mesh=mesh,
         in_specs=(P(), P('expert'), P('expert')), out_specs=P('expert'))
def moe_layer(router_params, expert_params, tokens):
  # tokens: [local_tokens, d]; expert_params: this device's expert, stacked dim of size 1
  logits = router.apply(router_params, tokens)
  choice = jnp.argmax(logits, axis=-1)
  onehot = jax.nn.one_hot(choice, NUM_EXPERTS, dtype=tokens.dtype)
  pos = jnp.cumsum(onehot, axis=0) * onehot - 1
  keep = (pos >= 0) & (pos < CAPACITY)
  dispatch = jax.nn.one_hot(pos, CAPACITY, dtype=tokens.dtype) * keep[..., None]  # [t, e, c]
  buckets = jnp.einsum('td,tec->ecd', tokens, dispatch)  # [experts, capacity, d]
  # send bucket e to the device that owns expert e
  buckets = jax.lax.all_to_all(buckets, 'expert', split_axis=0, concat_axis=0, tiled=True)
  params = jax.tree.map(lambda p: p[0], expert_params)
  out = expert.apply(params, buckets.reshape(-1, D_MODEL)).reshape(buckets.shape)
  out = jax.lax.all_to_all(out, 'expert', split_axis=0, concat_axis=0, tiled=True)
  return jnp.einsum('ecd,tec->td', out, dispatch)


if __name__ == '__main__':
  tokens = jax.ShapeDtypeStruct((4 * 32, D_MODEL), jnp.float32)
  router_params = jax.eval_shape(router.init, jax.random.key(0), jnp.zeros((1, D_MODEL)))
  expert_params = jax.eval_shape(
      jax.vmap(lambda k: expert.init(k, jnp.zeros((1, D_MODEL)))),
      jax.random.split(jax.random.key(1), NUM_EXPERTS))
  moe_layer.trace(router_params, expert_params, tokens).lower(lowering_platforms=('tpu',))
