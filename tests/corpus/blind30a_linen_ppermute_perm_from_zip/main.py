import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import flax.linen as nn
import numpy as np

N_STAGES = 4


class Stage(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h):
        h = nn.gelu(nn.Dense(self.hidden)(h))
        if self.is_initializing():
            return h
        # hand the activations to the next pipeline stage
        perm = zip(range(N_STAGES), [(i + 1) % N_STAGES for i in range(N_STAGES)])
        return jax.lax.ppermute(h, "stage", perm)


def run_stage(params, h):
    return Stage(hidden=32).apply({"params": params}, h)


if __name__ == "__main__":
    mesh = Mesh(np.array(jax.devices()).reshape(N_STAGES), ("stage",))
    h = jnp.ones((N_STAGES * 2, 32))
    params = Stage(hidden=32).init(jax.random.key(0), h[:2])["params"]
    step = jax.jit(jax.shard_map(run_stage, mesh=mesh, in_specs=(P(), P("stage")),
                                 out_specs=P("stage")))
    print(step.trace(params, h).lower(lowering_platforms=("cuda",)).as_text()[:30])
