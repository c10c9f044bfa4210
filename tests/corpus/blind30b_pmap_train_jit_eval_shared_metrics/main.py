"""Training under pmap (replicated TrainState), evaluation on the unreplicated state under a plain
jax.jit; both steps share the pmap-era compute_metrics helper."""
import jax
import jax.numpy as jnp
import optax
from flax import jax_utils
from flax import linen as nn
from flax.training import common_utils, train_state

from metrics import compute_metrics


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.avg_pool(nn.relu(nn.Conv(8, (3, 3))(x)), (2, 2), (2, 2))
        return nn.Dense(10)(x.reshape((x.shape[0], -1)))


def train_step(state, batch):
    def loss_fn(params):
        logits = state.apply_fn({'params': params}, batch['image'])
        return optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean(), logits
    grads, logits = jax.grad(loss_fn, has_aux=True)(state.params)
    grads = jax.lax.pmean(grads, 'batch')
    return state.apply_gradients(grads=grads), compute_metrics(logits, batch['label'])


@jax.jit
def eval_step(state, batch):
    logits = state.apply_fn({'params': state.params}, batch['image'])
    return compute_metrics(logits, batch['label'])


cnn = CNN()
params = cnn.init(jax.random.key(0), jnp.ones((1, 8, 8, 1)))['params']
state = train_state.TrainState.create(apply_fn=cnn.apply, params=params, tx=optax.sgd(0.1, 0.9))

p_train_step = jax.pmap(train_step, axis_name='batch')
rstate = jax_utils.replicate(state)
batch = {'image': jnp.ones((16, 8, 8, 1)), 'label': jnp.zeros((16,), jnp.int32)}
jax.jit(p_train_step).trace(rstate, common_utils.shard(batch)).lower(lowering_platforms=('cuda',))

eval_state = jax_utils.unreplicate(rstate)
lowered = eval_step.trace(eval_state, batch).lower(lowering_platforms=('cuda',))
print('ok')
