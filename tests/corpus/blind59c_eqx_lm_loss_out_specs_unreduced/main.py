from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from lm import TinyLM, token_loss

mesh = Mesh(np.array(jax.devices()), axis_names=("batch",))


def make_eval_fn(static):
    @jax.jit
    @partial(shard_map, mesh=mesh, in_specs=(P(), P("batch")), out_specs=P())
    def eval_loss(params, tokens):
        model = eqx.combine(params, static)
        return token_loss(model, tokens)

    return eval_loss


def main():
    model = TinyLM(vocab=512, dim=64, key=jax.random.PRNGKey(0))
    params, static = eqx.partition(model, eqx.is_array)
    eval_loss = make_eval_fn(static)
    tokens = jax.ShapeDtypeStruct((16, 33), jnp.int32)
    eval_loss.trace(params, tokens).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
