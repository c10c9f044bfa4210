import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P, AxisType
import flax.linen as nn

NUM_STAGES = 4
FEATURES = 64

mesh = jax.make_mesh((NUM_STAGES,), ("stages",), axis_types=(AxisType.Auto,))


class RingStage(nn.Module):
    features: int
    num_stages: int

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.features)(x)
        x = nn.relu(x)
        perm = [(i, (i + 1) % self.num_stages) for i in range(self.num_stages)]
        return lax.ppermute(x, "stages", perm)


model = RingStage(FEATURES, NUM_STAGES)
x0 = jnp.ones((8, FEATURES), jnp.float32)

# one independent parameter set per stage, stacked along a leading axis
keys = jax.random.split(jax.random.PRNGKey(0), NUM_STAGES)
params = jax.vmap(lambda k: nn.Dense(FEATURES).init(k, x0))(keys)
params = {"params": {"Dense_0": params["params"]}}
params = jax.device_put(params, NamedSharding(mesh, P("stages")))


def forward(params, x):
    local = jax.tree_util.tree_map(lambda a: a[0], params)
    return model.apply(local, x)


x = jax.device_put(jnp.ones((NUM_STAGES * 8, FEATURES)), NamedSharding(mesh, P("stages")))

if __name__ == "__main__":
    print(jax.jit(forward).trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
