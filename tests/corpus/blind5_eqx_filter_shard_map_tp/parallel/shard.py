from collections.abc import Callable
from typing import Any

import equinox as eqx
import jax


class filter_shard_map(eqx.Module):
    """`jax.shard_map` over the array leaves of the arguments; everything else is closed over."""

    f: Callable
    mesh: Any = eqx.field(static=True)
    in_specs: Any = eqx.field(static=True)
    out_specs: Any = eqx.field(static=True)
    check_vma: bool = eqx.field(static=True, default=True)

    def __call__(self, *args):
        arrays, static = eqx.partition(args, eqx.is_array)

        def _f(_arrays):
            return self.f(*eqx.combine(_arrays, static))

        return jax.shard_map(
            _f,
            mesh=self.mesh,
            in_specs=(self.in_specs,),
            out_specs=self.out_specs,
            check_vma=self.check_vma,
        )(arrays)
