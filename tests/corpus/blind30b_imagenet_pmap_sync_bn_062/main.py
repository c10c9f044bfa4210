"""flax/examples/imagenet structure on an older stack: TrainState with batch_stats, replicated with
jax_utils.replicate, a pmapped train step, and sync_batch_stats through a separate pmapped
cross-replica mean over axis 'x'. Both pmaps are lowered for cuda."""
import functools
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax import jax_utils
from flax import linen as nn
from flax.training import common_utils, train_state
from jax import lax


class TrainState(train_state.TrainState):
    batch_stats: Any


class ResNetTiny(nn.Module):
    num_classes: int = 10

    @nn.compact
    def __call__(self, x, train: bool = True):
        norm = functools.partial(nn.BatchNorm, use_running_average=not train, momentum=0.9,
                                 epsilon=1e-5, axis_name='batch')
        x = nn.Conv(16, (3, 3), use_bias=False)(x)
        x = nn.relu(norm()(x))
        x = jnp.mean(x, axis=(1, 2))
        return nn.Dense(self.num_classes)(x)


def train_step(state, batch, learning_rate_fn):
    def loss_fn(params):
        logits, new_model_state = state.apply_fn(
            {'params': params, 'batch_stats': state.batch_stats}, batch['image'],
            mutable=['batch_stats'])
        one_hot = common_utils.onehot(batch['label'], 10)
        loss = optax.softmax_cross_entropy(logits, one_hot).mean()
        return loss, (new_model_state, logits)

    lr = learning_rate_fn(state.step)
    (loss, (new_model_state, logits)), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = lax.pmean(grads, axis_name='batch')
    metrics = lax.pmean({'loss': loss, 'learning_rate': lr}, axis_name='batch')
    new_state = state.apply_gradients(grads=grads, batch_stats=new_model_state['batch_stats'])
    return new_state, metrics


cross_replica_mean = jax.pmap(lambda x: lax.pmean(x, 'x'), 'x')


def sync_batch_stats(state):
    return state.replace(batch_stats=cross_replica_mean(state.batch_stats))


model = ResNetTiny()
variables = model.init(jax.random.PRNGKey(0), jnp.ones((1, 16, 16, 3)), train=False)
schedule = optax.cosine_decay_schedule(0.1, 1000)
state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                          batch_stats=variables['batch_stats'], tx=optax.sgd(schedule, 0.9))
state = jax_utils.replicate(state)

p_train_step = jax.pmap(functools.partial(train_step, learning_rate_fn=schedule),
                        axis_name='batch', donate_argnums=(0,))
batch = common_utils.shard({'image': jnp.ones((16, 16, 16, 3)), 'label': jnp.zeros((16,), jnp.int32)})

lowered = jax.jit(p_train_step).trace(state, batch).lower(lowering_platforms=('cuda',))
lowered_sync = jax.jit(cross_replica_mean).trace(state.batch_stats).lower(lowering_platforms=('cuda',))
print(lowered is not None, lowered_sync is not None)
