/** A bordered, sideways-scrolling table: the lists of the app look and behave alike. */
export function TableFrame({ children, className = 'mt-2' }: { children: React.ReactNode; className?: string }) {
  return (
    <div className={`${className} overflow-x-auto rounded-box border border-base-300`}>
      <table className="table table-sm">{children}</table>
    </div>
  );
}
