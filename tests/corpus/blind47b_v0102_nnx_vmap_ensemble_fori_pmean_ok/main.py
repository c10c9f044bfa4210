import jax
import jax.numpy as jnp
from flax import nnx

from consensus import consensus_rounds


@nnx.split_rngs(splits=5)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_model(rngs):
    return nnx.Linear(8, 8, rngs=rngs)


@nnx.vmap(in_axes=(0, None), out_axes=0, axis_name="ensemble")
def forward(model, x):
    return consensus_rounds(model, x, rounds=3)


model = create_model(nnx.Rngs(0))
graphdef, state = nnx.split(model)


def run(state, x):
    model = nnx.merge(graphdef, state)
    return forward(model, x).mean(axis=0)


x = jnp.ones((4, 8))
print(jax.jit(run).trace(state, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
