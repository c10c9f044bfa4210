"""Training step for a position-wise Equinox LM head with batch sharded over 'dp' and sequence
over 'sp' (jax.experimental.shard_map on JAX 0.6.2, check_rep on): both the loss and the
gradients are averaged over the two mesh axes before the replicated SGD update."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from models import TokenMLP, token_nll

AXES = ("dp", "sp")
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), AXES)


def build_step(model, lr=0.1):
    params, static = eqx.partition(model, eqx.is_array)
    rep = jax.tree.map(lambda _: P(), params)

    def loss_fn(params, tokens, targets):
        return token_nll(eqx.combine(params, static), tokens, targets).mean()

    @partial(shard_map, mesh=mesh, in_specs=(rep, P(*AXES), P(*AXES)), out_specs=(rep, P()))
    def step(params, tokens, targets):
        loss, grads = jax.value_and_grad(loss_fn)(params, tokens, targets)
        grads = lax.pmean(grads, AXES)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return params, lax.pmean(loss, AXES)

    return jax.jit(step, donate_argnums=0), params


if __name__ == "__main__":
    step, params = build_step(TokenMLP(512, 64, key=jax.random.PRNGKey(0)))
    tokens = jax.ShapeDtypeStruct((8, 256), jnp.int32)
    step.trace(params, tokens, tokens).lower(lowering_platforms=("cuda",))
