import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh


class Trainer:
    mesh = Mesh(np.array(jax.devices()), ("data",))

    def run(self, x):
        with jax.set_mesh(self.mesh):
            return mean_step(x)


@jax.jit
def mean_step(x):
    return jax.lax.pmean(x, "data")


if __name__ == "__main__":
    Trainer().run(jnp.ones((8, 4)))
