import jax

AXIS = 'stage'


def forward_edge(x, num_stages):
  perm = [(i, i + 1) for i in range(num_stages - 1)]
  token = jax.lax.psend(x, axis_name=AXIS, perm=perm)
  return jax.lax.precv(token, out_shape=jax.ShapeDtypeStruct.like(x),
                       axis_name=AXIS, perm=perm)
