import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from tp_mlp import TPMLP, partition_specs

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('dp', 'tp'))
model = TPMLP(16, 64, 'tp', jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
param_specs = partition_specs(params, 'tp')


def local_loss(params, x, y):
  model = eqx.combine(params, static)
  pred = jax.vmap(model)(x)
  return jax.lax.pmean(jnp.mean((pred - y) ** 2), 'dp')


loss_and_grad = shard_map(jax.value_and_grad(local_loss), mesh,
                          in_specs=(param_specs, P('dp')),
                          out_specs=(P(), param_specs), check_rep=False)

optim = optax.sgd(1e-2)
opt_state = optim.init(params)


@jax.jit
def train_step(params, opt_state, x, y):
  loss, grads = loss_and_grad(params, x, y)
  updates, opt_state = optim.update(grads, opt_state)
  return eqx.apply_updates(params, updates), opt_state, loss


x, y = jnp.ones((8, 16)), jnp.zeros((8, 16))
train_step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))
