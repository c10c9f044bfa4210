import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from flax.training import train_state
from jax.sharding import Mesh

from layers.attention import ContextParallelAttention

LOGICAL_AXIS_RULES = (
    ('activation_batch', 'data'),
    ('activation_length', 'context'),
    ('activation_embed', None),
    ('embed', None),
    ('heads', None),
)
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'context'))
model = ContextParallelAttention(32, mesh)
x = jnp.ones((4, 16, 32))

with nn.logical_axis_rules(LOGICAL_AXIS_RULES):
  abstract = jax.eval_shape(model.init, jax.random.key(0), x)
  logical_spec = nn.get_partition_spec(abstract)
  shardings = nn.logical_to_mesh_sharding(logical_spec, mesh, LOGICAL_AXIS_RULES)
  params = jax.jit(model.init, out_shardings=shardings)(jax.random.key(0), x)
  state = train_state.TrainState.create(apply_fn=model.apply, params=params['params'],
                                        tx=optax.adafactor(1e-3))

  @jax.jit
  def train_step(state, x):
    def loss_fn(p):
      return jnp.mean(state.apply_fn({'params': p}, x) ** 2)
    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads), loss

  train_step.trace(state, x).lower(lowering_platforms=('cuda',))
