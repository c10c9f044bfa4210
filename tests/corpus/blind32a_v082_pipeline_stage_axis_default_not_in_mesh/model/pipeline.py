import equinox as eqx
import jax
import jax.numpy as jnp


class PipelineStage(eqx.Module):
    block: eqx.nn.Sequential
    num_stages: int = eqx.field(static=True)
    axis_name: str = eqx.field(static=True, default="stage")

    def forward_and_shift(self, x):
        y = jax.vmap(self.block)(x)
        perm = [(i, (i + 1) % self.num_stages) for i in range(self.num_stages)]
        return jax.lax.ppermute(y, self.axis_name, perm)


def build_stage(key, dim, num_stages):
    k1, k2 = jax.random.split(key)
    block = eqx.nn.Sequential(
        [
            eqx.nn.Linear(dim, dim, key=k1),
            eqx.nn.Lambda(jax.nn.relu),
            eqx.nn.Linear(dim, dim, key=k2),
        ]
    )
    return PipelineStage(block, num_stages)
