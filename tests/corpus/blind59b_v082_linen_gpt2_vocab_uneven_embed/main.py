import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import linen as nn
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import GPT

rules = (('batch', 'data'), ('vocab', 'model'), ('embed', None), ('mlp', 'model'),
         ('heads', 'model'), ('kv', None))

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = GPT()
optimizer = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(6e-4, b2=0.95))


def create_state(key):
  tokens = jnp.zeros((1, 256), jnp.int32)
  params = model.init(key, tokens)['params']
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optimizer)


def train_step(state, x, y):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


with mesh, nn.logical_axis_rules(rules):
  abstract_state = jax.eval_shape(create_state, jax.random.PRNGKey(0))
  state_sharding = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract_state), mesh, rules)
  init_fn = jax.jit(create_state, out_shardings=state_sharding)
  init_fn.trace(jax.random.PRNGKey(0)).lower(lowering_platforms=('tpu',))

  tok_sharding = NamedSharding(mesh, P('data', None))
  step = jax.jit(train_step, in_shardings=(state_sharding, tok_sharding, tok_sharding),
                 out_shardings=(state_sharding, NamedSharding(mesh, P())))
  x = jax.ShapeDtypeStruct((16, 256), jnp.int32)
  step.trace(abstract_state, x, x).lower(lowering_platforms=('tpu',))
