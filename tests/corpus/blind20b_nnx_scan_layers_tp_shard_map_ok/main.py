import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from model import TP, Tower

mesh = jax.make_mesh((2, 2), ("data", TP), axis_types=(AxisType.Auto, AxisType.Auto))
with jax.set_mesh(mesh):
  tower = Tower(64, 256, 4, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(tower, nnx.Param)
pspecs = nnx.get_partition_spec(params)
tx = optax.adam(1e-3)
opt_state = tx.init(params)
ospecs = (optax.ScaleByAdamState(count=P(), mu=pspecs, nu=pspecs), optax.EmptyState())


def step(params, opt_state, x, y):
  def loss_fn(params):
    return jnp.mean((nnx.merge(graphdef, params)(x) - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.pmean(grads, "data")
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, "data")


train_step = jax.jit(jax.shard_map(step, mesh=mesh,
                                   in_specs=(pspecs, ospecs, P("data"), P("data")),
                                   out_specs=(pspecs, ospecs, P())))
x, y = jnp.ones((16, 64)), jnp.ones((16, 1))
train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
