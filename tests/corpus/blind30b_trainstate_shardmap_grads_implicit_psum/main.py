"""pmap trainer ported to shard_map over a mesh_utils mesh; the port averages the loss for logging
and drops the explicit gradient pmean: with varying-axes checking, the gradient of the replicated
(P()) params is summed across 'batch' by the transpose, so the new state is replicated."""
import functools

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

devices = mesh_utils.create_device_mesh((jax.device_count(),))
mesh = Mesh(devices, axis_names=('batch',))


class LM(nn.Module):
    vocab: int = 128

    @nn.compact
    def __call__(self, tokens):
        h = nn.Embed(self.vocab, 32)(tokens)
        h = nn.LayerNorm()(nn.Dense(32)(h))
        return nn.Dense(self.vocab)(h)


def step(state, tokens):
    def loss_fn(params):
        logits = state.apply_fn({'params': params}, tokens[:, :-1])
        return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    state = state.apply_gradients(grads=grads)
    return state, jax.lax.pmean(loss, 'batch')


train_step = jax.jit(
    jax.shard_map(step, mesh=mesh, in_specs=(P(), P('batch')), out_specs=(P(), P())),
    in_shardings=(NamedSharding(mesh, P()), NamedSharding(mesh, P('batch'))),
    donate_argnums=0)

model = LM()
tokens = jnp.zeros((16, 33), jnp.int32)
params = model.init(jax.random.key(1), tokens[:1, :-1])['params']
state = train_state.TrainState.create(apply_fn=model.apply, params=params,
                                      tx=optax.chain(optax.clip_by_global_norm(1.0), optax.adam(1e-3)))
print(train_step.trace(state, tokens).lower(lowering_platforms=('cuda',)) is not None)
