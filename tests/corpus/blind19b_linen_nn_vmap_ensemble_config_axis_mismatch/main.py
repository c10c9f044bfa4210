import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax

ENSEMBLE_CFG = {"size": 4, "axis": "ensemble"}


class Member(nn.Module):
    @nn.compact
    def __call__(self, x):
        logits = nn.Dense(10)(nn.relu(nn.Dense(32)(x)))
        return logits, lax.pmean(logits, ENSEMBLE_CFG["axis"])


Ensemble = nn.vmap(
    Member,
    variable_axes={"params": 0},
    split_rngs={"params": True},
    in_axes=None,
    axis_size=ENSEMBLE_CFG["size"],
    axis_name="members",
)

model = Ensemble()
x = jnp.ones((8, 16))


def forward(x):
    variables = model.init(jax.random.key(0), x)
    return model.apply(variables, x)


jax.jit(forward).trace(x).lower(lowering_platforms=("cuda",))
