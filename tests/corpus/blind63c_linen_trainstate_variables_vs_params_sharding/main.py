import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import linen as nn
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec

from transformer_ffn import FFNStack


def init_state(rng, x, model, tx):
  variables = model.init(rng, x)
  return train_state.TrainState.create(apply_fn=model.apply, params=variables['params'], tx=tx)


def main():
  devices = np.array(jax.devices()).reshape(2, 2)
  mesh = Mesh(devices, ('data', 'model'))
  model = FFNStack()
  tx = optax.adamw(1e-3)
  x = jnp.ones((16, 512))
  rng = jax.random.PRNGKey(0)

  abstract_variables = jax.eval_shape(model.init, rng, x)
  abstract_state = jax.eval_shape(lambda r, x: init_state(r, x, model, tx), rng, x)
  to_sharding = lambda spec: NamedSharding(mesh, spec)

  # params sharding from the model's annotations; everything else of the state replicated
  param_sharding = jax.tree.map(to_sharding, nn.get_partition_spec(abstract_variables))
  opt_sharding = jax.tree.map(to_sharding, nn.get_partition_spec(abstract_state.opt_state))
  state_sharding = abstract_state.replace(
      step=to_sharding(PartitionSpec()), params=param_sharding, opt_state=opt_sharding)

  sharded_init = jax.jit(init_state, static_argnums=(2, 3), out_shardings=state_sharding)
  sharded_init.trace(rng, x, model, tx).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
