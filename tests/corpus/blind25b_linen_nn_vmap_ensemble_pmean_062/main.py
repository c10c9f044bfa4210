import jax
import jax.numpy as jnp
import flax.linen as nn


class Critic(nn.Module):
    @nn.compact
    def __call__(self, obs):
        h = nn.relu(nn.Dense(64)(obs))
        q = nn.Dense(1)(h)
        # normalise each member's Q against the ensemble mean
        return q - jax.lax.pmean(q, axis_name="ensemble")


class CriticEnsemble(nn.Module):
    num: int = 4

    @nn.compact
    def __call__(self, obs):
        Ens = nn.vmap(
            Critic,
            variable_axes={"params": 0},
            split_rngs={"params": True},
            in_axes=None,
            out_axes=0,
            axis_size=self.num,
            axis_name="ensemble",
        )
        return Ens()(obs)


model = CriticEnsemble()
obs = jnp.ones((8, 17))
params = model.init(jax.random.PRNGKey(0), obs)
print(jax.jit(model.apply).trace(params, obs).lower(lowering_platforms=("cuda",)).as_text()[:10])
