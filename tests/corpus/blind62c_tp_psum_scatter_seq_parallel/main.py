import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from tp import make_seq_parallel_mlp


def make_forward(mesh, n_layers):
  mlp = make_seq_parallel_mlp(mesh)

  def forward(layers, x):
    def body(h, layer):
      h = h + mlp(h, layer["w_up"], layer["w_down"])
      return h, None
    h, _ = jax.lax.scan(body, x, layers, length=n_layers)
    return h

  act = NamedSharding(mesh, P(None, "tp"))
  return jax.jit(forward, out_shardings=act)


def main():
  mesh = Mesh(np.array(jax.devices()), ("tp",))
  n_layers, batch, seq, d, hidden = 3, 2, 64, 128, 512
  layers = {
      "w_up": jax.ShapeDtypeStruct((n_layers, d, hidden), jnp.bfloat16,
                                   sharding=NamedSharding(mesh, P(None, None, "tp"))),
      "w_down": jax.ShapeDtypeStruct((n_layers, hidden, d), jnp.bfloat16,
                                     sharding=NamedSharding(mesh, P(None, "tp", None))),
  }
  x = jax.ShapeDtypeStruct((batch, seq, d), jnp.bfloat16, sharding=NamedSharding(mesh, P(None, "tp")))
  make_forward(mesh, n_layers).trace(layers, x).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
