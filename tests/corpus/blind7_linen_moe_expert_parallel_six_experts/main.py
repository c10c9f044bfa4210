import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from moe import MoEBlock

NUM_EXPERTS = 6
mesh = jax.make_mesh((4,), ('expert',), axis_types=(jax.sharding.AxisType.Explicit,))
model = MoEBlock(num_experts=NUM_EXPERTS, d_ff=128)

param_specs = {'params': {'ln': P(), 'moe': {'router': P(), 'wi': P('expert'),
                                             'wo': P('expert')}}}
tokens = jax.ShapeDtypeStruct((64, 32), jnp.float32,
                              sharding=jax.sharding.NamedSharding(mesh, P('expert')))


def init_fn(rng, x):
  return model.init(rng, x)


def loss_fn(params, x):
  y = model.apply(params, x)
  return jax.lax.pmean(jnp.mean((y - x) ** 2), 'expert')


with jax.set_mesh(mesh):
  params = jax.eval_shape(
      jax.shard_map(init_fn, in_specs=(P(), P('expert')), out_specs=param_specs),
      jax.random.key(0), tokens)

  @jax.jit
  def train_step(params, x):
    loss, grads = jax.value_and_grad(
        jax.shard_map(loss_fn, in_specs=(param_specs, P('expert')), out_specs=P()))(params, x)
    params = jax.tree.map(lambda p, g: p - 1e-3 * g, params, grads)
    return params, loss

  train_step.trace(params, tokens).lower(lowering_platforms=('cuda',))
