import jax
import jax.numpy as jnp
import optax
from jax.sharding import Mesh, PartitionSpec as P

from fsdp_layers import ScannedStack

AXIS = 'fsdp'
mesh = Mesh(jax.devices(), (AXIS,))
model = ScannedStack(features=32, depth=3, axis_name=AXIS, num_shards=mesh.shape[AXIS])
PARAM_SPEC = P(None, AXIS)   # (layer, in_features/shard, out_features)

init_fn = jax.jit(jax.shard_map(model.init, mesh=mesh, in_specs=(P(), P(AXIS)),
                                out_specs=PARAM_SPEC))
x = jnp.ones((8, 32))
variables = init_fn(jax.random.key(0), x)
tx = optax.adamw(1e-3)
opt_state = tx.init(variables)


def local_loss_and_grads(variables, x):
  def loss_fn(v):
    return jnp.mean(model.apply(v, x) ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(variables)
  return loss, jax.tree.map(lambda g: g / mesh.shape[AXIS], grads)


sharded_grads = jax.shard_map(local_loss_and_grads, mesh=mesh, in_specs=(PARAM_SPEC, P(AXIS)),
                              out_specs=(P(), PARAM_SPEC))


@jax.jit
def train_step(variables, opt_state, x):
  loss, grads = sharded_grads(variables, x)
  updates, opt_state = tx.update(grads, opt_state, variables)
  return optax.apply_updates(variables, updates), opt_state, loss


train_step.trace(variables, opt_state, x).lower(lowering_platforms=('cuda',))
