"""A 1F1B-style training step: each device owns one NNX stage, activations travel with
psend/precv, and the loss of the stage is differentiated with nnx.value_and_grad."""
import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

S = 4
B, D = 8, 64
FWD = [(i, i + 1) for i in range(S - 1)]


class Block(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(D, D, rngs=rngs)

    def __call__(self, x):
        return nnx.silu(self.fc(x))


def forward_and_send(block, x):
    y = block(x)
    tok = jax.lax.psend(y, "pp", FWD)
    recv = jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), "pp", FWD)
    return y, recv


def stage_loss(block, x, target):
    y, recv = forward_and_send(block, x)
    idx = jax.lax.axis_index("pp")
    pred = jnp.where(idx == S - 1, y, recv)
    return jnp.mean((pred - target) ** 2)


mesh = Mesh(jax.devices(), ("pp",))
block = Block(nnx.Rngs(0))
graphdef, params = nnx.split(block, nnx.Param)
tx = optax.adamw(1e-3)
opt_state = tx.init(params)


@jax.jit
def train_step(params, opt_state, x, target):
    @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("pp"), P("pp")),
                       out_specs=(P(), P()), check_vma=False)
    def per_stage(params, x, target):
        def loss_fn(block):
            return stage_loss(block, x, target)
        model = nnx.merge(graphdef, params)
        loss, grads = nnx.value_and_grad(loss_fn)(model)
        grads = jax.lax.pmean(grads, "pp")
        return jax.lax.pmean(loss, "pp"), grads

    loss, grads = per_stage(params, x, target)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


x = jnp.ones((S * B, D))
y = jnp.zeros((S * B, D))
lowered = train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
