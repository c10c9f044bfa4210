import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state

from model import Decoder

LOGICAL_AXIS_RULES = (
    ('batch', 'data'),
    ('length', None),
    ('vocab', 'model'),
    ('embed', None),
    ('mlp', 'model'),
)


def init_fn(rng, x, model, tx):
  variables = model.init(rng, x)
  return train_state.TrainState.create(apply_fn=model.apply, params=variables['params'], tx=tx)


def train_step(state, batch):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, batch['inputs'])
    return optax.softmax_cross_entropy_with_integer_labels(logits, batch['targets']).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


def main():
  mesh = jax.make_mesh((2, 2), ('data', 'model'),
                       axis_types=(jax.sharding.AxisType.Auto,) * 2)
  model = Decoder()
  tx = optax.adafactor(1e-3)
  x = jnp.ones((8, 128), jnp.int32)

  with mesh, nn.logical_axis_rules(LOGICAL_AXIS_RULES):
    abstract_state = jax.eval_shape(functools.partial(init_fn, model=model, tx=tx),
                                    jax.random.key(0), x)
    logical_spec = nn.get_partition_spec(abstract_state)
    state_sharding = nn.logical_to_mesh_sharding(logical_spec, mesh, LOGICAL_AXIS_RULES)

    jit_init = jax.jit(init_fn, static_argnums=(2, 3), out_shardings=state_sharding)
    jit_init.trace(jax.random.key(0), x, model, tx).lower(lowering_platforms=('tpu',))

    data_sharding = nn.logical_to_mesh_sharding(
        jax.sharding.PartitionSpec('batch', 'length'), mesh, LOGICAL_AXIS_RULES)
    batch = {
        'inputs': jax.ShapeDtypeStruct((8, 128), jnp.int32, sharding=data_sharding),
        'targets': jax.ShapeDtypeStruct((8, 128), jnp.int32, sharding=data_sharding),
    }
    jit_step = jax.jit(train_step, in_shardings=(state_sharding, data_sharding),
                       out_shardings=(state_sharding, None), donate_argnums=0)
    jit_step.trace(abstract_state, batch).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
