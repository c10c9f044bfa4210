import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(4), ("data",))


class Model(eqx.Module):
    mlp: eqx.nn.MLP

    def __init__(self, key):
        self.mlp = eqx.nn.MLP(32, 4, 64, 2, key=key)

    def __call__(self, x):
        x = jax.sharding.reshard(x, P("data", None))
        return jax.vmap(self.mlp)(x)


@eqx.filter_jit
def predict(model, x):
    return model(x)


if __name__ == "__main__":
    model = Model(jax.random.key(0))
    params, static = eqx.partition(model, eqx.is_array)
    x = jnp.ones((16, 32))
    with jax.set_mesh(mesh):
        f = jax.jit(lambda p, x: eqx.combine(p, static)(x))
        print(f.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
