// eigen-exchange.cpp -- one matrix shared with Eigen, no copy either way.
//
// A "CSR" tensor's arrays are an Eigen::SparseMatrix<double, RowMajor,
// int>'s: level 1's pos and crd are its outer and inner indices.  The
// matrix read from a file is seen by Eigen through an Eigen::Map over the
// tensor's own arrays (sp_pos, sp_crd, sp_values); Eigen's transpose of
// it comes back as a tensor over Eigen's arrays (sp_wrap).  The tagged
// SpMV of eigen-kernel.c and Eigen's product then compute A x and A^T x
// from the same arrays.
//
//   make -C examples run        (needs libeigen3-dev)

#include <cmath>
#include <cstdio>
#include <Eigen/SparseCore>
#include <sparse.h>

// eigen-kernel.c's tagged SpMV (a tagged parameter is a pointer) and what
// to pass it for a tensor.
extern "C" void spmv_csr (int m, int n, double *y, void *a, const double *x);
extern "C" void *spmv_arg (sp_tensor *t);

typedef Eigen::SparseMatrix<double, Eigen::RowMajor, int> Csr;

// Y = A X by the tagged kernel over tensor T, against Eigen's WANT.
static void
compare (const char *what, sp_tensor *t, const Eigen::VectorXd &x,
         const Eigen::VectorXd &want)
{
  Eigen::VectorXd y (want.size ());
  spmv_csr ((int) sp_dim (t, 0), (int) sp_dim (t, 1), y.data (),
            spmv_arg (t), x.data ());
  double sum = 0;
  for (Eigen::Index i = 0; i < y.size (); i++)
    sum += y[i] * (double) (i + 1);
  std::printf ("%s: checksum %.12g, largest difference from Eigen %g\n",
               what, sum, (y - want).cwiseAbs ().maxCoeff ());
}

int
main (int argc, char **argv)
{
  const char *path = argc > 1 ? argv[1] : "laplace72.mtx";
  sp_tensor *t = sp_read (path, "CSR", SP_F64);
  if (!t)
    {
      std::fprintf (stderr, "eigen-exchange: %s\n", sp_error ());
      return 1;
    }
  int64_t m = sp_dim (t, 0), n = sp_dim (t, 1);

  // The tensor's arrays as an Eigen matrix: Eigen reads them in place.
  Eigen::Map<const Csr> a (m, n, sp_nnz (t),
                           static_cast<const int *> (sp_pos (t, 1)),
                           static_cast<const int *> (sp_crd (t, 1)),
                           static_cast<const double *> (sp_values (t)));
  Eigen::VectorXd x (n), xt (m);
  for (int64_t j = 0; j < n; j++)
    x[j] = 1.0 + (j % 10) * 0.1;
  for (int64_t i = 0; i < m; i++)
    xt[i] = 2.0 - (i % 7) * 0.25;
  Eigen::VectorXd ya = a * x;
  // Eigen's transpose, before the kernel reads T (built without the
  // plugin, sp_array's dense copy of T is the tensor from then on).
  Csr b = a.transpose ();
  b.makeCompressed ();
  compare ("A x", t, x, ya);

  // Eigen's matrix as a tensor: the kernel reads Eigen's arrays.
  void *pos[2] = { nullptr, b.outerIndexPtr () };
  void *crd[2] = { nullptr, b.innerIndexPtr () };
  int64_t dims[2] = { b.rows (), b.cols () };
  sp_tensor *bt = sp_wrap ("CSR", SP_F64, 2, dims, pos, crd, b.valuePtr ());
  if (!bt)
    {
      std::fprintf (stderr, "eigen-exchange: %s\n", sp_error ());
      return 1;
    }
  compare ("A^T x", bt, xt, b * xt);
  std::printf ("A^T is Eigen's arrays: %s\n",
               sp_pos (bt, 1) == b.outerIndexPtr ()
               && sp_crd (bt, 1) == b.innerIndexPtr ()
               && sp_values (bt) == b.valuePtr () ? "yes" : "no");

  sp_free (bt);  // the handle only: the arrays stay Eigen's
  sp_free (t);
  return 0;
}
