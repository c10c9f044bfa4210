"""ResNet-ish TrainState with batch_stats, ported from pmap to jax.shard_map. Under pmap the
per-device batch statistics were returned per device; the port declares the state replicated."""
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P


class TrainState(train_state.TrainState):
    batch_stats: Any


class Block(nn.Module):
    @nn.compact
    def __call__(self, x, train=True):
        y = nn.Conv(16, (3, 3), use_bias=False)(x)
        y = nn.BatchNorm(use_running_average=not train)(y)
        return nn.relu(y)


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train=True):
        x = Block()(x, train)
        return nn.Dense(10)(x.mean(axis=(1, 2)))


mesh = Mesh(jax.devices(), ('data',))


def train_step(state, batch):
    def loss_fn(params):
        logits, new_vars = state.apply_fn({'params': params, 'batch_stats': state.batch_stats},
                                          batch['image'], mutable=['batch_stats'])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()
        return loss, new_vars

    (loss, new_vars), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = jax.lax.pmean(grads, 'data')
    state = state.apply_gradients(grads=grads, batch_stats=new_vars['batch_stats'])
    return state, jax.lax.pmean(loss, 'data')


sharded_step = jax.jit(jax.shard_map(train_step, mesh=mesh,
                                     in_specs=(P(), P('data')), out_specs=(P(), P())))

net = Net()
v = net.init(jax.random.PRNGKey(0), jnp.ones((1, 16, 16, 3)), train=False)
state = TrainState.create(apply_fn=net.apply, params=v['params'], batch_stats=v['batch_stats'],
                          tx=optax.sgd(0.1, momentum=0.9, nesterov=True))
batch = {'image': jnp.ones((32, 16, 16, 3)), 'label': jnp.zeros((32,), jnp.int32)}
print(sharded_step.trace(state, batch).lower(lowering_platforms=('cuda',)) is not None)
