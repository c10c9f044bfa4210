import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import RingAttention

mesh = jax.make_mesh((4,), ('sp',), axis_types=(jax.sharding.AxisType.Auto,))
attn = RingAttention(num_heads=4, head_dim=32)
tx = optax.adam(1e-3)


def local_loss(params, x):
  y = attn.apply(params, x)
  return jax.lax.pmean(jnp.mean(y ** 2), 'sp')


def train_step(params, opt_state, x):
  grad_fn = jax.shard_map(jax.value_and_grad(local_loss), mesh=mesh,
                          in_specs=(P(), P(None, 'sp')), out_specs=(P(), P()))
  loss, grads = grad_fn(params, x)
  updates, opt_state = tx.update(grads, opt_state)
  return optax.apply_updates(params, updates), opt_state, loss


if __name__ == '__main__':
  x = jax.ShapeDtypeStruct((2, 4 * 128, 128), jnp.float32, sharding=NamedSharding(mesh, P(None, 'sp')))
  params = jax.eval_shape(
      jax.shard_map(attn.init, mesh=mesh, in_specs=(P(), P(None, 'sp')), out_specs=P()),
      jax.random.key(0), x)
  opt_state = jax.eval_shape(tx.init, params)
  jax.jit(train_step).trace(params, opt_state, x).lower(lowering_platforms=('tpu',))
