import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))


class Net(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(8, 8, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


def local_mean(model, x):
    return jax.lax.pmean(model(x).mean(0), "data")


sharded_mean = nnx.shard_map(local_mean, mesh=mesh, in_specs=(P(), P("data")),
                             out_specs=P(), check_vma=False)

model = Net(nnx.Rngs(0))
lowered = nnx.jit(sharded_mean).lower(model, jnp.ones((16, 8)))
print(lowered.as_text()[:60])
