import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class Classifier(nn.Module):
  @nn.compact
  def __call__(self, x):
    return nn.Dense(10)(nn.relu(nn.Dense(128)(x)))


model = Classifier()
tx = optax.sgd(0.1, momentum=0.9)
mesh = Mesh(np.array(jax.devices()), ('data',))


def train_step(params, opt_state, batch):
  def loss_fn(p):
    logits = model.apply(p, batch['image'])
    return optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = lax.pmean(grads, axis_name='data')
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


batch = {'image': jnp.ones((64, 784)), 'label': jnp.zeros((64,), jnp.int32)}
params = jax.eval_shape(model.init, jax.random.key(0), batch['image'][:1])
opt_state = jax.eval_shape(tx.init, params)
p_step = jax.jit(jax.shard_map(train_step, mesh=mesh,
                               in_specs=(P(), P(), P('data')),
                               out_specs=(P(), P(), P())))
p_step.trace(params, opt_state, batch).lower(lowering_platforms=('cuda',))
