import jax
import jax.numpy as jnp
from flax import linen as nn


class Member(nn.Module):
    axis_name: str = "ensemble"

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(4)(nn.tanh(nn.Dense(16)(x)))
        # average the members' predictions inside the vmapped ensemble
        return y, jax.lax.pmean(y, self.axis_name)


Ensemble = nn.vmap(
    Member,
    variable_axes={"params": 0},
    split_rngs={"params": True},
    in_axes=None,
    out_axes=0,
    axis_size=3,
    axis_name="members",
)

model = Ensemble()
x = jnp.ones((5, 8))
variables = jax.eval_shape(model.init, jax.random.PRNGKey(0), x)
lowered = jax.jit(model.apply).trace(variables, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:60])
